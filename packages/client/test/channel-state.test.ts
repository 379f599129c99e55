import type { ChannelEvent, UserEvent } from "@parley/protocol";
import { describe, expect, test } from "vitest";
import {
  applyChannelEvent,
  applyQueryResponse,
  applyUserEvent,
  type ChannelStateSnapshot,
  classifySeq,
  emptyChannelState,
  type ReduceContext,
} from "../src/index.js";
import { at, channelData, channelState, member, message, user } from "./fakes.js";

function context(userId = "bob"): ReduceContext {
  const counted = new Set<string>();
  return {
    userId,
    countUnread: (id) => {
      if (counted.has(id)) return false;
      counted.add(id);
      return true;
    },
    resetUnread: () => counted.clear(),
  };
}

const base = { cid: "messaging:general", channel_type: "messaging", channel_id: "general" };

function loaded(opts: Parameters<typeof channelState>[1] = {}, ctx = context()): ChannelStateSnapshot {
  return applyQueryResponse(emptyChannelState(), channelState("general", opts), ctx, { messageLimit: 25 });
}

function newMessage(id: string, from: string, seq: number): ChannelEvent {
  return {
    ...base,
    type: "message.new",
    seq,
    created_at: at(seq),
    message: message(id, from, seq),
    user: user(from),
  };
}

describe("seq classification", () => {
  test("next seq applies, old ones are duplicates, a jump is a gap", () => {
    expect(classifySeq(5, 6)).toBe("apply");
    expect(classifySeq(5, 5)).toBe("duplicate");
    expect(classifySeq(5, 1)).toBe("duplicate");
    expect(classifySeq(5, 7)).toBe("gap");
    expect(classifySeq(0, 1)).toBe("apply");
  });
});

describe("applying channel events", () => {
  test("message.new appends, counts unread for others, records the seq and resets the sender's read", () => {
    const ctx = context();
    let s = loaded({ lastSeq: 3 }, ctx);
    s = applyChannelEvent(s, newMessage("m4", "alice", 4), ctx);
    s = applyChannelEvent(s, newMessage("m5", "alice", 5), ctx);
    expect(s.messages.map((m) => m.id)).toEqual(["m4", "m5"]);
    expect(s.messages.every((m) => m.status === "received")).toBe(true);
    expect(s.lastSeq).toBe(5);
    expect(s.unreadCount).toBe(2);
    expect(s.read.bob?.unread_messages).toBe(2);
    expect(s.read.alice).toMatchObject({ unread_messages: 0, last_read_message_id: "m5" });
    expect(s.lastMessageAt).toBe(at(5));
    // own message: nothing unread any more
    s = applyChannelEvent(s, newMessage("m6", "bob", 6), ctx);
    expect(s.unreadCount).toBe(0);
    expect(s.read.alice?.unread_messages).toBe(1);
  });

  test("snapshots are immutable: a change makes new objects, the old snapshot is untouched", () => {
    const ctx = context();
    const before = loaded({ lastSeq: 0 }, ctx);
    const after = applyChannelEvent(before, newMessage("m1", "alice", 1), ctx);
    expect(after).not.toBe(before);
    expect(after.messages).not.toBe(before.messages);
    expect(before.messages).toHaveLength(0);
    expect(before.unreadCount).toBe(0);
    // unrelated parts are shared
    expect(after.members).toBe(before.members);
  });

  test("a message delivered twice (notification, then replayed message.new) is counted once", () => {
    const ctx = context();
    let s = loaded({ lastSeq: 0 }, ctx);
    const notification: UserEvent = {
      type: "notification.message_new",
      cid: base.cid,
      created_at: at(1),
      channel: channelData("general", { last_message_at: at(1) }),
      message: message("m1", "alice", 1),
    };
    s = applyUserEvent(s, notification, ctx);
    expect(s.unreadCount).toBe(1);
    expect(s.messages).toHaveLength(0);
    s = applyChannelEvent(s, newMessage("m1", "alice", 1), ctx);
    expect(s.unreadCount).toBe(1);
    expect(s.messages).toHaveLength(1);
  });

  test("message.updated replaces by id; an older copy never overwrites a newer one", () => {
    const ctx = context();
    let s = loaded({ messages: [message("m1", "alice", 1)] }, ctx);
    const edited = message("m1", "alice", 1, { text: "edited", updated_at: at(10), edited_at: at(10) });
    s = applyChannelEvent(
      s,
      { ...base, type: "message.updated", seq: 2, created_at: at(10), message: edited, user: user("alice") },
      ctx,
    );
    expect(s.messages).toHaveLength(1);
    expect(s.messages[0]?.text).toBe("edited");
    const stale = message("m1", "alice", 1, { text: "stale", updated_at: at(5) });
    s = applyChannelEvent(
      s,
      { ...base, type: "message.updated", seq: 3, created_at: at(5), message: stale, user: user("alice") },
      ctx,
    );
    expect(s.messages[0]?.text).toBe("edited");
  });

  test("deleting an unread message takes it out of the unread count", () => {
    const ctx = context();
    let s = loaded({ lastSeq: 0 }, ctx);
    s = applyChannelEvent(s, newMessage("m1", "alice", 1), ctx);
    s = applyChannelEvent(s, newMessage("m2", "alice", 2), ctx);
    expect(s.unreadCount).toBe(2);
    const deleted = message("m1", "alice", 1, {
      type: "deleted",
      text: "",
      deleted_at: at(9),
      updated_at: at(9),
    });
    s = applyChannelEvent(
      s,
      { ...base, type: "message.deleted", seq: 3, created_at: at(9), message: deleted, user: user("alice") },
      ctx,
    );
    expect(s.unreadCount).toBe(1);
    expect(s.read.bob?.unread_messages).toBe(1);
    expect(s.messages[0]?.type).toBe("deleted");
  });

  test("message.read of the current user clears the unread count; of others updates their read entry", () => {
    const ctx = context();
    let s = loaded({ lastSeq: 0 }, ctx);
    s = applyChannelEvent(s, newMessage("m1", "alice", 1), ctx);
    s = applyChannelEvent(
      s,
      {
        ...base,
        type: "message.read",
        seq: 2,
        created_at: at(2),
        user: user("carol"),
        last_read: at(2),
        last_read_message_id: "m1",
      },
      ctx,
    );
    expect(s.unreadCount).toBe(1);
    expect(s.read.carol).toMatchObject({ last_read_message_id: "m1", unread_messages: 0 });
    s = applyChannelEvent(
      s,
      {
        ...base,
        type: "message.read",
        seq: 3,
        created_at: at(3),
        user: user("bob"),
        last_read: at(3),
        last_read_message_id: "m1",
      },
      ctx,
    );
    expect(s.unreadCount).toBe(0);
    expect(s.read.bob?.unread_messages).toBe(0);
  });

  test("channel.truncated drops the messages up to truncated_at and the unread counts", () => {
    const ctx = context();
    let s = loaded({ messages: [message("m1", "alice", 1), message("m2", "alice", 2)], unread: 2 }, ctx);
    const channel = channelData("general", { truncated_at: at(2), last_message_at: null, updated_at: at(3) });
    s = applyChannelEvent(
      s,
      { ...base, type: "channel.truncated", seq: 3, created_at: at(3), channel, user: null },
      ctx,
    );
    expect(s.messages).toHaveLength(0);
    expect(s.unreadCount).toBe(0);
    expect(s.channel?.truncated_at).toBe(at(2));
  });

  test("member.added / member.removed update members and the own membership", () => {
    const ctx = context();
    let s = loaded({ members: ["alice"] }, ctx);
    expect(s.membership).toBeNull();
    const channel = channelData("general", { member_count: 2, updated_at: at(1) });
    s = applyChannelEvent(
      s,
      { ...base, type: "member.added", seq: 1, created_at: at(1), member: member("bob"), channel },
      ctx,
    );
    expect(Object.keys(s.members).sort()).toEqual(["alice", "bob"]);
    expect(s.membership).toMatchObject({ user_id: "bob", muted: false, hidden: false });
    expect(s.channel?.member_count).toBe(2);
    s = applyChannelEvent(
      s,
      {
        ...base,
        type: "member.removed",
        seq: 2,
        created_at: at(2),
        member: member("bob"),
        channel: { ...channel, member_count: 1, updated_at: at(2) },
      },
      ctx,
    );
    expect(Object.keys(s.members)).toEqual(["alice"]);
    expect(s.membership).toBeNull();
  });

  test("member events, which carry no presence, keep what was known of it", () => {
    const ctx = context();
    let s = loaded({ members: ["alice", "bob"] }, ctx);
    const channel = channelData("general", { member_count: 3, updated_at: at(1) });
    const withoutPresence = (userId: string) => {
      const { online: _online, ...rest } = user(userId);
      return { ...member(userId), user: rest, role: "channel_moderator" as const };
    };
    s = applyChannelEvent(
      s,
      {
        ...base,
        type: "member.updated",
        seq: 1,
        created_at: at(1),
        member: withoutPresence("alice"),
        channel,
      },
      ctx,
    );
    expect(s.members.alice?.user.online).toBe(true);
    expect(s.members.alice?.role).toBe("channel_moderator");
    s = applyChannelEvent(
      s,
      { ...base, type: "member.added", seq: 2, created_at: at(2), member: withoutPresence("cy"), channel },
      ctx,
    );
    // Unknown until a `user.presence.changed` says so (the server sends one for a member online).
    expect(s.members.cy?.user.online).toBeUndefined();
  });

  test("hidden until the next new message; mute flags from notifications", () => {
    const ctx = context();
    let s = loaded({}, ctx);
    s = applyUserEvent(
      s,
      { type: "channel.hidden", cid: base.cid, created_at: at(1), channel: channelData("general") },
      ctx,
    );
    expect(s.membership?.hidden).toBe(true);
    s = applyChannelEvent(s, newMessage("m1", "alice", 1), ctx);
    expect(s.membership?.hidden).toBe(false);
    s = applyUserEvent(
      s,
      { type: "notification.channel_mutes_updated", cid: base.cid, created_at: at(2), muted: true },
      ctx,
    );
    expect(s.membership?.muted).toBe(true);
  });
});

describe("applying query answers", () => {
  test("an answer at or after the state's seq replaces it; an older one only refreshes user-scoped flags", () => {
    const ctx = context();
    let s = loaded({ lastSeq: 0 }, ctx);
    s = applyChannelEvent(s, newMessage("m1", "alice", 1), ctx);
    s = applyChannelEvent(s, newMessage("m2", "alice", 2), ctx);
    const stale = channelState("general", {
      messages: [message("m1", "alice", 1)],
      lastSeq: 1,
      unread: 1,
      muted: true,
    });
    s = applyQueryResponse(s, stale, ctx, { messageLimit: 25 });
    expect(s.messages.map((m) => m.id)).toEqual(["m1", "m2"]);
    expect(s.lastSeq).toBe(2);
    expect(s.unreadCount).toBe(2);
    expect(s.membership?.muted).toBe(true);
    const fresh = channelState("general", {
      messages: [message("m1", "alice", 1), message("m2", "alice", 2), message("m3", "alice", 3)],
      lastSeq: 3,
      unread: 3,
    });
    s = applyQueryResponse(s, fresh, ctx, { messageLimit: 25 });
    expect(s.messages.map((m) => m.id)).toEqual(["m1", "m2", "m3"]);
    expect(s.lastSeq).toBe(3);
    expect(s.unreadCount).toBe(3);
  });

  test("a full page that does not join the messages held replaces them (no hole), and keeps pending sends", () => {
    const ctx = context();
    let s = loaded({ messages: [message("a1", "alice", 1)] }, ctx);
    s = {
      ...s,
      messages: [...s.messages, { ...message("local", "bob", 0, { created_at: at(2) }), status: "sending" }],
    };
    const page = Array.from({ length: 3 }, (_, i) => message(`b${i}`, "alice", 10 + i));
    s = applyQueryResponse(s, channelState("general", { messages: page, lastSeq: 12 }), ctx, {
      messageLimit: 3,
    });
    expect(s.messages.map((m) => m.id)).toEqual(["local", "b0", "b1", "b2"]);
    expect(s.hasMoreOlder).toBe(true);
  });

  test("a list's preview is marked as such until the channel's own answer, and never narrows a full state", () => {
    const ctx = context();
    const everyone = ["alice", "bob", "carol", "dave", "erin"];
    const all = Array.from({ length: 5 }, (_, i) => message(`m${i + 1}`, "alice", i + 1));
    const preview = channelState("general", {
      members: ["alice", "bob"],
      messages: all.slice(-1),
      lastSeq: 5,
    });
    let s = applyQueryResponse(emptyChannelState(), preview, ctx, { messageLimit: 1, preview: true });
    expect(s.initialized).toBe(true);
    expect(s.preview).toBe(true);
    expect(s.hasMoreOlder).toBe(true);

    const full = channelState("general", { members: everyone, messages: all, lastSeq: 5 });
    s = applyQueryResponse(s, full, ctx, { messageLimit: 100 });
    expect(s.preview).toBe(false);
    expect(Object.keys(s.members).sort()).toEqual(everyone);
    expect(s.messages.map((m) => m.id)).toEqual(["m1", "m2", "m3", "m4", "m5"]);

    // The list answering after the channel was opened: still whole, still not a preview.
    s = applyQueryResponse(s, preview, ctx, { messageLimit: 1, preview: true });
    expect(s.preview).toBe(false);
    expect(Object.keys(s.members).sort()).toEqual(everyone);
    expect(Object.keys(s.read).sort()).toEqual(everyone);
    expect(s.messages.map((m) => m.id)).toEqual(["m1", "m2", "m3", "m4", "m5"]);
  });
});

describe("threads and reactions", () => {
  test("a thread reply stays out of the channel's messages; thread.updated updates the parent", () => {
    const ctx = context();
    let s = loaded({ messages: [message("p", "alice", 1)], lastSeq: 1 }, ctx);
    const reply = message("r", "alice", 2, { parent_id: "p" });
    s = applyChannelEvent(
      s,
      { ...base, type: "message.new", seq: 2, created_at: at(2), message: reply, user: user("alice") },
      ctx,
    );
    expect(s.messages.map((m) => m.id)).toEqual(["p"]);
    expect(s.unreadCount).toBe(0);
    expect(s.lastSeq).toBe(2);
    const parent = message("p", "alice", 1, { reply_count: 1, last_reply_at: at(2) });
    s = applyChannelEvent(
      s,
      { ...base, type: "thread.updated", seq: 3, created_at: at(2), message: parent },
      ctx,
    );
    expect(s.messages[0]?.reply_count).toBe(1);
    // "also send to channel" replies are listed and counted
    const shown = message("r2", "alice", 4, { parent_id: "p", show_in_channel: true });
    s = applyChannelEvent(
      s,
      { ...base, type: "message.new", seq: 4, created_at: at(4), message: shown, user: user("alice") },
      ctx,
    );
    expect(s.messages.map((m) => m.id)).toEqual(["p", "r2"]);
    expect(s.unreadCount).toBe(1);
  });

  test("reaction events update counts from the event and keep the reader's own reactions", () => {
    const ctx = context();
    let s = loaded({ messages: [message("m", "alice", 1)], lastSeq: 1 }, ctx);
    const like = { message_id: "m", user_id: "bob", type: "like", created_at: at(2) };
    const withLike = message("m", "alice", 1, { reaction_counts: { like: 1 }, latest_reactions: [like] });
    s = applyChannelEvent(
      s,
      {
        ...base,
        type: "reaction.new",
        seq: 2,
        created_at: at(2),
        message: withLike,
        reaction: like,
        user: user("bob"),
      },
      ctx,
    );
    expect(s.messages[0]?.own_reactions).toEqual([like]);
    const love = { message_id: "m", user_id: "alice", type: "love", created_at: at(3) };
    const both = message("m", "alice", 1, {
      reaction_counts: { like: 1, love: 1 },
      latest_reactions: [like, love],
    });
    s = applyChannelEvent(
      s,
      {
        ...base,
        type: "reaction.new",
        seq: 3,
        created_at: at(3),
        message: both,
        reaction: love,
        user: user("alice"),
      },
      ctx,
    );
    expect(s.messages[0]?.own_reactions).toEqual([like]);
    expect(s.messages[0]?.reaction_counts).toEqual({ like: 1, love: 1 });
    const onlyLove = message("m", "alice", 1, { reaction_counts: { love: 1 }, latest_reactions: [love] });
    s = applyChannelEvent(
      s,
      {
        ...base,
        type: "reaction.deleted",
        seq: 4,
        created_at: at(4),
        message: onlyLove,
        reaction: like,
        user: user("bob"),
      },
      ctx,
    );
    expect(s.messages[0]?.own_reactions).toEqual([]);
  });
});
