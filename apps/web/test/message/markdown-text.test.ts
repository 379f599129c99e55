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

describe("one rendering everywhere", () => {
  const render = (text: string, highlight?: { start: number; end: number }[]) =>
    renderToStaticMarkup(createElement(MarkdownText, { ...props, text, highlight }));

  test("a line break typed with Shift+Enter is a break, as in every chat app", () => {
    expect(render("Line one\nLine two")).toBe('<div class="markdown"><p>Line one<br/>\nLine two</p></div>');
  });

  test("search matches are marked where they were written, inside markdown too", () => {
    const text = "the **build** broke\nbuild again";
    const html = render(text, [
      { start: 6, end: 11 },
      { start: 20, end: 25 },
    ]);
    expect(html).toContain('<strong><mark class="search-mark">build</mark></strong>');
    expect(html).toContain('<br/>\n<mark class="search-mark">build</mark> again');
  });

  test("plain text with a match goes through the parser to be marked", () => {
    expect(render("hello there", [{ start: 6, end: 11 }])).toBe(
      '<div class="markdown"><p>hello <mark class="search-mark">there</mark></p></div>',
    );
  });

  test("a match inside escaped text is left unmarked rather than marked in the wrong place", () => {
    expect(render("a \\*b\\* c", [{ start: 8, end: 9 }])).not.toContain("<mark");
  });
});
