import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  countsAsUnread,
  countsAsUnreadMention,
  countsAsUnreadReply,
  type UnreadCandidate,
  type UnreadThreadParent,
} from "../src/index.js";

function message(user: string, extra: Partial<UnreadCandidate> = {}): UnreadCandidate {
  return { type: "regular", user: { id: user }, parent_id: null, show_in_channel: false, ...extra };
}

function parent(user: string, participants: string[] = []): UnreadThreadParent {
  return { id: "p1", user: { id: user }, thread_participants: participants };
}

const users = ["ana", "bo", "cy"];
const anyUser = fc.constantFrom(...users);
const anyReader = fc.option(anyUser, { nil: undefined });
const anyMessage: fc.Arbitrary<UnreadCandidate> = fc.record({
  type: fc.constantFrom("regular" as const, "deleted" as const, "system" as const),
  user: fc.record({ id: anyUser }),
  parent_id: fc.option(fc.constantFrom("p1", "p2"), { nil: null }),
  show_in_channel: fc.boolean(),
  mentioned_users: fc.subarray(users),
});
const anyParent: fc.Arbitrary<UnreadThreadParent> = fc.record({
  id: fc.constantFrom("p1", "p2"),
  user: fc.record({ id: anyUser }),
  thread_participants: fc.subarray(users),
});

describe("countsAsUnread", () => {
  test("counts a regular message of someone else shown in the channel", () => {
    expect(countsAsUnread(message("bo"), "ana")).toBe(true);
    expect(countsAsUnread(message("bo", { parent_id: "p1", show_in_channel: true }), "ana")).toBe(true);
    expect(countsAsUnread(message("bo"), undefined)).toBe(true);
  });

  test("leaves out the reader's own, deleted and system messages, and thread-only replies", () => {
    expect(countsAsUnread(message("ana"), "ana")).toBe(false);
    expect(countsAsUnread(message("bo", { type: "deleted" }), "ana")).toBe(false);
    expect(countsAsUnread(message("bo", { type: "system" }), "ana")).toBe(false);
    expect(countsAsUnread(message("bo", { parent_id: "p1" }), "ana")).toBe(false);
  });

  test("is the server's recount rule, for any message and reader", () => {
    fc.assert(
      fc.property(anyMessage, anyReader, (m, reader) => {
        const shown = m.parent_id === null || m.show_in_channel;
        expect(countsAsUnread(m, reader)).toBe(m.type === "regular" && shown && m.user.id !== reader);
      }),
    );
  });
});

describe("countsAsUnreadMention", () => {
  test("counts a regular message of someone else mentioning the reader, thread-only replies too", () => {
    const mention = { mentioned_users: ["ana"] };
    expect(countsAsUnreadMention(message("bo", mention), "ana")).toBe(true);
    expect(countsAsUnreadMention(message("bo", { ...mention, parent_id: "p1" }), "ana")).toBe(true);
    expect(countsAsUnreadMention(message("ana", mention), "ana")).toBe(false);
    expect(countsAsUnreadMention(message("bo", { ...mention, type: "deleted" }), "ana")).toBe(false);
    expect(countsAsUnreadMention(message("bo", { mentioned_users: ["cy"] }), "ana")).toBe(false);
    expect(countsAsUnreadMention(message("bo"), "ana")).toBe(false);
    expect(countsAsUnreadMention(message("bo", mention), undefined)).toBe(false);
  });

  test("a mention counts wherever the message is, and an unread message mentioning the reader is one", () => {
    fc.assert(
      fc.property(anyMessage, anyReader, (m, reader) => {
        const mentioned = reader !== undefined && (m.mentioned_users ?? []).includes(reader);
        const anywhere = { ...m, parent_id: null, show_in_channel: false };
        expect(countsAsUnreadMention(m, reader)).toBe(mentioned && countsAsUnread(anywhere, reader));
        if (mentioned && countsAsUnread(m, reader)) expect(countsAsUnreadMention(m, reader)).toBe(true);
      }),
    );
  });
});

describe("countsAsUnreadReply", () => {
  const reply = (user: string, extra: Partial<UnreadCandidate> = {}) =>
    message(user, { parent_id: "p1", ...extra });

  test("counts a regular reply of someone else in a thread the reader takes part in", () => {
    expect(countsAsUnreadReply(reply("bo"), parent("ana"), "ana")).toBe(true);
    expect(countsAsUnreadReply(reply("bo"), parent("cy", ["ana"]), "ana")).toBe(true);
    expect(countsAsUnreadReply(reply("bo", { show_in_channel: true }), parent("ana"), "ana")).toBe(true);
  });

  test("leaves out own and deleted replies, other threads, threads the reader is not in", () => {
    expect(countsAsUnreadReply(reply("ana"), parent("ana"), "ana")).toBe(false);
    expect(countsAsUnreadReply(reply("bo", { type: "deleted" }), parent("ana"), "ana")).toBe(false);
    expect(countsAsUnreadReply(reply("bo", { parent_id: "p2" }), parent("ana"), "ana")).toBe(false);
    expect(countsAsUnreadReply(message("bo"), parent("ana"), "ana")).toBe(false);
    expect(countsAsUnreadReply(reply("bo"), parent("cy", ["bo"]), "ana")).toBe(false);
    expect(countsAsUnreadReply(reply("bo"), parent("ana"), undefined)).toBe(false);
  });

  test("is the server's thread count rule, for any reply, parent and reader", () => {
    fc.assert(
      fc.property(anyMessage, anyParent, anyReader, (r, p, reader) => {
        const member =
          reader !== undefined && (p.user.id === reader || p.thread_participants.includes(reader));
        const want = member && r.parent_id === p.id && r.type === "regular" && r.user.id !== reader;
        expect(countsAsUnreadReply(r, p, reader)).toBe(want);
      }),
    );
  });
});
