import { describe, expect, test } from "vitest";
import { plainText } from "../src/plain-text.js";

describe("a message's markdown as plain text", () => {
  test.each([
    ["**bold** and __strong__", "bold and strong"],
    ["*italic* and _em_ here", "italic and em here"],
    ["snake_case_name stays", "snake_case_name stays"],
    ["2 * 3 * 4", "2 * 3 * 4"],
    ["~~gone~~ `code`", "gone code"],
    ["see [the doc](https://x.y/a_b)", "see the doc"],
    ["![chart](https://x.y/c.png) attached", "chart attached"],
    ["<https://example.com> is the site", "https://example.com is the site"],
    ["# Title\n- one\n- two\n1. first", "Title one two first"],
    ["> quoted\n> > twice", "quoted twice"],
    ["- [x] done\n- [ ] todo", "done todo"],
    ["```ts\nconst a = 1;\n```", "const a = 1;"],
    ["not \\*starred\\*", "not *starred*"],
    ["Line one\nLine two", "Line one Line two"],
  ])("%j → %j", (markdown, plain) => {
    expect(plainText(markdown)).toBe(plain);
  });

  test("keeps the lines when asked (an email's body)", () => {
    expect(plainText("**Line one**\nLine two\n\n\n\n- three", { keepLines: true })).toBe(
      "Line one\nLine two\n\nthree",
    );
  });
});
