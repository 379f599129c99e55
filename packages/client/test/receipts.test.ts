import type { ReadStateResponse } from "@parley/protocol";
import { describe, expect, test } from "vitest";
import {
  emptyChannelState,
  messageReceipts,
  readersAtOrAfter,
  readPositions,
  showsInlineReceipts,
} from "../src/index.js";
import { toLocalMessage } from "../src/messages.js";
import { channelData, member, message } from "./fakes.js";

const readAt = (userId: string, messageId: string | null): ReadStateResponse => ({
  user_id: userId,
  last_read: null,
  last_read_message_id: messageId,
  unread_messages: 0,
  unread_mentions: 0,
});

function state(read: ReadStateResponse[], channel = channelData("c")) {
  return {
    ...emptyChannelState(),
    channel,
    messages: ["m1", "m2", "m3"].map((id, i) => toLocalMessage(message(id, "alice", i + 1))),
    read: Object.fromEntries(read.map((r) => [r.user_id, r])),
    members: Object.fromEntries(["alice", "bob", "cyd", "dee", "me"].map((u) => [u, member(u)])),
  };
}

describe("read positions", () => {
  test("group the other members by the held message they have read up to", () => {
    const s = state([readAt("me", "m3"), readAt("bob", "m2"), readAt("cyd", "m2"), readAt("dee", "m3")]);
    expect(Object.fromEntries(readPositions(s, "me"))).toEqual({ m2: ["bob", "cyd"], m3: ["dee"] });
    expect(readersAtOrAfter(s, "m2", "me")).toBe(3);
    expect(readersAtOrAfter(s, "m3", "me")).toBe(1);
    expect(readersAtOrAfter(s, "m1", "me")).toBe(3);
  });

  test("leave out positions at messages not held, nowhere, and every one without read events", () => {
    const s = state([readAt("bob", "elsewhere"), readAt("cyd", null)]);
    expect(readPositions(s, "me").size).toBe(0);
    const off = channelData("c", { config: { ...channelData("c").config, read_events: false } });
    expect(readPositions(state([readAt("bob", "m2")], off), "me").size).toBe(0);
  });

  test("are inline in DMs and channels up to 20 members", () => {
    expect(showsInlineReceipts(state([], channelData("c", { member_count: 20 })))).toBe(true);
    expect(showsInlineReceipts(state([], channelData("c", { member_count: 21 })))).toBe(false);
    expect(showsInlineReceipts(state([], channelData("c", { member_count: 40, is_direct: true })))).toBe(
      true,
    );
  });
});

describe("message receipts", () => {
  const ids = (r: ReturnType<typeof messageReceipts>) =>
    r.kind === "inline" ? r.readers.map((u) => u.id) : r;

  test("inline: the other readers at each message by name, its author and the reader left out", () => {
    const s = state([readAt("me", "m3"), readAt("dee", "m2"), readAt("bob", "m2"), readAt("alice", "m1")]);
    const [m1, m2, m3] = s.messages;
    expect(ids(messageReceipts(s, m2!, "me"))).toEqual(["bob", "dee"]);
    expect(messageReceipts(s, m1!, "me")).toEqual({ kind: "none" });
    expect(messageReceipts(s, m3!, "me")).toEqual({ kind: "none" });
  });

  test("in a large channel: a count under the newest message read, nothing elsewhere", () => {
    const big = channelData("c", { member_count: 50 });
    const s = state([readAt("bob", "m1"), readAt("cyd", "m2"), readAt("dee", "m2")], big);
    const [m1, m2, m3] = s.messages;
    expect(messageReceipts(s, m2!, "me")).toEqual({ kind: "count", count: 2 });
    expect(messageReceipts(s, m1!, "me")).toEqual({ kind: "none" });
    expect(messageReceipts(s, m3!, "me")).toEqual({ kind: "none" });
  });

  test("are worked out again for a new snapshot and for another reader", () => {
    const s = state([readAt("bob", "m2")]);
    const m2 = s.messages[1]!;
    expect(ids(messageReceipts(s, m2, "me"))).toEqual(["bob"]);
    expect(messageReceipts(s, m2, "bob")).toEqual({ kind: "none" });
    const moved = { ...s, read: { ...s.read, bob: readAt("bob", "m3") } };
    expect(messageReceipts(moved, m2, "me")).toEqual({ kind: "none" });
  });
});
