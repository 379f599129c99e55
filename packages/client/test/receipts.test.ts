import type { ReadStateResponse } from "@parley/protocol";
import { describe, expect, test } from "vitest";
import { emptyChannelState, readersAtOrAfter, readPositions, showsInlineReceipts } from "../src/index.js";
import { toLocalMessage } from "../src/messages.js";
import { channelData, message } from "./fakes.js";

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
