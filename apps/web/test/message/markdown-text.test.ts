import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import Markdown from "react-markdown";
import remarkGfm from "remark-gfm";
import { describe, expect, test } from "vitest";
import MarkdownText, { isPlainText } from "../../src/components/message/markdown-text";

const props = { mentions: [], userId: "ana", names: {} };
const viaComponent = (text: string) => renderToStaticMarkup(createElement(MarkdownText, { ...props, text }));
const viaParser = (text: string) =>
  renderToStaticMarkup(
    createElement(
      "div",
      { className: "markdown" },
      createElement(Markdown, { remarkPlugins: [remarkGfm], skipHtml: true }, text),
    ),
  );

describe("markdown text without the parser", () => {
  const plain = [
    "hello there",
    "Ça va? Oui, très bien; merci.",
    "see you at 5.30 - or 6/7, 100% sure $5 {ok} ^^ + more",
    "trailing spaces   ",
    "two  spaces inside",
    "😀 emoji first",
    "日本語のテキスト",
    "quotes 'single' and \"double\"",
    "tab\tinside",
  ];
  test.each(plain)("plain text renders exactly as the parser would: %s", (text) => {
    expect(isPlainText(text)).toBe(true);
    expect(viaComponent(text)).toBe(viaParser(text));
  });

  const marked = [
    "**bold**",
    "a_b_c",
    "`code`",
    "~~gone~~",
    "see www.example.com",
    "mail ana@example.com",
    "go https://example.com",
    "1. first",
    "- item",
    "> quoted",
    "# heading",
    "    indented code",
    "line one\nline two",
    "a &amp; b",
    "[link](x)",
    "a | b",
    "escaped \\*",
    "<b>html</b>",
  ];
  test.each(marked)("markup goes through the parser: %s", (text) => {
    expect(isPlainText(text)).toBe(false);
  });

  test("markup still renders as markdown", () => {
    expect(viaComponent("**bold** and `code`")).toBe(
      '<div class="markdown"><p><strong>bold</strong> and <code>code</code></p></div>',
    );
  });

  test("a rendered message is reused, and a changed mention name renders anew", () => {
    const base = { text: "hi @bob", mentions: ["bob"], userId: "ana" };
    const first = renderToStaticMarkup(createElement(MarkdownText, { ...base, names: { bob: "Bob" } }));
    const again = renderToStaticMarkup(createElement(MarkdownText, { ...base, names: { bob: "Bob" } }));
    const renamed = renderToStaticMarkup(createElement(MarkdownText, { ...base, names: { bob: "Robert" } }));
    expect(again).toBe(first);
    expect(first).toContain("@Bob");
    expect(renamed).toContain("@Robert");
  });
});
