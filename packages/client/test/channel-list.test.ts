import { describe, expect, test } from "vitest";
import { applyQueryResponse, emptyChannelState, type ReduceContext, sortChannelList } from "../src/index.js";
import { at, channelState, message } from "./fakes.js";

const ctx: ReduceContext = { userId: "bob", countUnread: () => true, resetUnread: () => {} };

function entry(id: string, opts: Parameters<typeof channelState>[1] = {}) {
  const state = applyQueryResponse(emptyChannelState(), channelState(id, opts), ctx, { messageLimit: 25 });
  return { cid: `messaging:${id}`, state };
}

describe("channel list ordering (spec §9: last_message_at descending)", () => {
  test("newest activity first; channels without messages after, newest created first", () => {
    const list = sortChannelList([
      entry("old", { messages: [message("m1", "alice", 1)] }),
      entry("empty-old", { channel: { created_at: at(1) } }),
      entry("new", { messages: [message("m2", "alice", 50)] }),
      entry("empty-new", { channel: { created_at: at(5) } }),
      entry("mid", { messages: [message("m3", "alice", 20)] }),
    ]);
    expect(list.map((c) => c.cid)).toEqual([
      "messaging:new",
      "messaging:mid",
      "messaging:old",
      "messaging:empty-new",
      "messaging:empty-old",
    ]);
  });

  test("only member channels, not hidden, not deleted", () => {
    const list = sortChannelList([
      entry("member"),
      entry("hidden", { hidden: true }),
      entry("not-member", { members: ["alice", "carol"] }),
      entry("deleted", { channel: { deleted_at: at(3) } }),
      { cid: "messaging:unloaded", state: emptyChannelState() },
    ]);
    expect(list.map((c) => c.cid)).toEqual(["messaging:member"]);
  });

  test("ties on time are broken by cid so the order is stable", () => {
    const list = sortChannelList([
      entry("b", { messages: [message("x", "alice", 7)] }),
      entry("a", { messages: [message("y", "alice", 7)] }),
    ]);
    expect(list.map((c) => c.cid)).toEqual(["messaging:a", "messaging:b"]);
  });
});
