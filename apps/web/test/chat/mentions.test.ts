import { describe, expect, it } from "vitest";
import { insertMention, matchMembers, mentionAt, mentionedIds, splitMentions } from "../../src/chat/mentions";

describe("mentions", () => {
  it("finds the mention being typed at the caret", () => {
    expect(mentionAt("hi @an", 6)).toEqual({ query: "an", start: 3, end: 6 });
    expect(mentionAt("@", 1)).toEqual({ query: "", start: 0, end: 1 });
    expect(mentionAt("mail@example", 12)).toBeNull();
    expect(mentionAt("hi @an there", 12)).toBeNull();
  });

  it("inserts the picked id with a space and moves the caret after it", () => {
    const q = mentionAt("hi @an", 6)!;
    expect(insertMention("hi @an", q, "ana")).toEqual({ text: "hi @ana ", caret: 8 });
    const mid = mentionAt("hi @a more", 5)!;
    expect(insertMention("hi @a more", mid, "ana")).toEqual({ text: "hi @ana more", caret: 8 });
  });

  it("matches members by id, name or a word of the name", () => {
    const members = [
      { id: "ana", name: "Ana Lima" },
      { id: "bo", name: "Bo Chen" },
      { id: "cy", name: "Cyrus Limon" },
    ];
    expect(matchMembers(members, "li").map((m) => m.id)).toEqual(["ana", "cy"]);
    expect(matchMembers(members, "B").map((m) => m.id)).toEqual(["bo"]);
    expect(matchMembers(members, "").length).toBe(3);
  });

  it("collects the mentioned member ids once, in order", () => {
    expect(mentionedIds("@bo and @ana, again @bo; @nobody mail@ana.com", ["ana", "bo"])).toEqual([
      "bo",
      "ana",
    ]);
  });

  it("splits text at mentions for highlighting", () => {
    expect(splitMentions("hey @bo look", ["bo"])).toEqual([
      { kind: "text", text: "hey " },
      { kind: "mention", text: "@bo", userId: "bo" },
      { kind: "text", text: " look" },
    ]);
    expect(splitMentions("no @one here", ["bo"])).toEqual([{ kind: "text", text: "no @one here" }]);
  });
});
