import { describe, expect, it } from "vitest";
import { typingText } from "../../src/chat/typing-text";

describe("typingText", () => {
  it("names one or two people, and says 'Several people' beyond", () => {
    expect(typingText([])).toBe("");
    expect(typingText(["Ana"])).toBe("Ana is typing…");
    expect(typingText(["Ana", "Bo"])).toBe("Ana and Bo are typing…");
    expect(typingText(["Ana", "Bo", "Cy"])).toBe("Several people are typing…");
  });
});
