/**
 * The events test (design.md §6): for each event type, the state B builds by applying the event to
 * its state from before the change equals a fresh fetch after it. B never changes its own state
 * here: every change is made by A or by raw REST calls, so B's state moves only by events.
 */
import {
  applyQueryResponse,
  type Channel,
  type ChannelStateSnapshot,
  type ClientEventType,
  emptyChannelState,
} from "@parley/client";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { channelId, connectedUser, type SdkUser, waitFor } from "./sdk-helpers.js";

let server: TestServer;
const users: SdkUser[] = [];

beforeAll(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await Promise.all(users.splice(0).map((u) => u.client.disconnectUser()));
});
afterAll(async () => {
  await server?.close();
});

/** What both sides must agree on. Left out: channel.updated_at (bumped by every new message, which
 * carries no channel) and users' presence fields (online, last_active: ephemeral). */
function normalize(s: ChannelStateSnapshot) {
  const c = s.channel;
  return {
    channel: c && {
      cid: c.cid,
      name: c.name,
      image: c.image,
      created_by_id: c.created_by_id,
      created_at: c.created_at,
      last_message_at: c.last_message_at,
      member_count: c.member_count,
      is_direct: c.is_direct,
      deleted_at: c.deleted_at,
      truncated_at: c.truncated_at,
    },
    messages: s.messages.map(({ status: _status, error: _error, user, ...m }) => ({
      ...m,
      user: user.id,
      latest_reactions: m.latest_reactions.map(({ user: _u, ...r }) => r),
      own_reactions: m.own_reactions.map(({ user: _u, ...r }) => r),
    })),
    members: Object.values(s.members)
      .map((m) => ({ user_id: m.user_id, role: m.role, created_at: m.created_at }))
      .sort((x, y) => x.user_id.localeCompare(y.user_id)),
    membership: s.membership && {
      user_id: s.membership.user_id,
      role: s.membership.role,
      muted: s.membership.muted,
      hidden: s.membership.hidden,
    },
    read: Object.values(s.read).sort((x, y) => x.user_id.localeCompare(y.user_id)),
    unreadCount: s.unreadCount,
    lastSeq: s.lastSeq,
    lastMessageAt: s.lastMessageAt,
  };
}

interface Scene {
  a: SdkUser;
  b: SdkUser;
  carol: SdkUser;
  channelA: Channel;
  channelB: Channel;
  /** Raw REST as B (so B's SDK state is not touched by an answer). */
  asB(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }>;
}

async function scene(): Promise<Scene> {
  const [a, b, carol] = await Promise.all([
    connectedUser(server),
    connectedUser(server),
    connectedUser(server),
  ]);
  users.push(a, b, carol);
  const channelA = a.client.channel("messaging", channelId("ev"), {
    members: [b.auth.user.id],
    name: "events",
  });
  await channelA.watch();
  // some history: a message from each, B has read A's first one
  await channelA.sendMessage({ text: "first from A" });
  const [channelB] = await b.client.queryChannels();
  if (!channelB) throw new Error("B does not see the channel");
  await channelB.sendMessage({ text: "first from B" });
  await channelA.sendMessage({ text: "second from A" });
  await waitFor(() => channelB.state.messages.length === 3 && channelA.state.messages.length === 3);
  const asB = (method: string, path: string, body?: unknown) =>
    server.chat(b.auth.streamToken, method, path, body);
  return { a, b, carol, channelA, channelB, asB };
}

/** B's state equals a fresh fetch, once B has applied everything up to the fresh state's seq. */
async function expectConverged(s: Scene, extra: (state: ChannelStateSnapshot) => boolean = () => true) {
  await expectMatchesFetch(s.b, s.channelB, extra);
}

/** `user`'s state of `channel` equals a fresh fetch by that user, once it caught up with it. */
async function expectMatchesFetch(
  user: SdkUser,
  channel: Channel,
  extra: (state: ChannelStateSnapshot) => boolean = () => true,
) {
  let fresh: ChannelStateSnapshot | undefined;
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const response = await user.client.rest.queryChannel(channel.type, channel.id!, {
      create: false,
      messages: { limit: 100 },
    });
    fresh = applyQueryResponse(
      emptyChannelState(),
      response,
      { userId: user.auth.user.id, countUnread: () => true, resetUnread: () => {} },
      { messageLimit: 100 },
    );
    if (channel.state.lastSeq >= response.last_seq && extra(channel.state)) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  expect(normalize(channel.state)).toEqual(normalize(fresh!));
}

/** Runs `act` and checks that B received an event of `type` and changed its state by it. */
async function applying(s: Scene, type: ClientEventType, act: () => Promise<unknown>) {
  const before = s.channelB.state;
  let received = 0;
  const sub = s.b.client.on(type, () => received++);
  await act();
  await waitFor(() => received > 0, 5_000, `B to receive ${type}`);
  sub.unsubscribe();
  return before;
}

describe("events test: state from events = fresh fetch", () => {
  test("message.new", async () => {
    const s = await scene();
    const before = await applying(s, "message.new", () => s.channelA.sendMessage({ text: "hello B" }));
    await expectConverged(s);
    expect(s.channelB.state.messages).toHaveLength(before.messages.length + 1);
    expect(s.channelB.state.unreadCount).toBe(before.unreadCount + 1);
  });

  test("message.updated", async () => {
    const s = await scene();
    const target = s.channelA.state.messages.at(-1)!;
    await applying(s, "message.updated", () => s.channelA.updateMessage(target.id, "edited by A"));
    await expectConverged(s);
    expect(s.channelB.state.messages.at(-1)!.text).toBe("edited by A");
  });

  test("message.deleted (an unread one: the unread count drops)", async () => {
    const s = await scene();
    const before = await applying(s, "message.deleted", () =>
      s.channelA.deleteMessage(s.channelA.state.messages.at(-1)!.id),
    );
    await expectConverged(s);
    expect(s.channelB.state.unreadCount).toBe(before.unreadCount - 1);
    expect(s.channelB.state.messages.at(-1)!.type).toBe("deleted");
  });

  test("message.read (B's own read, and A's read as B sees it)", async () => {
    const s = await scene();
    await applying(s, "message.read", () => s.asB("POST", `/channels/messaging/${s.channelB.id}/read`, {}));
    await expectConverged(s, (st) => st.unreadCount === 0);
    expect(s.channelB.state.unreadCount).toBe(0);
    await applying(s, "message.read", () => s.channelA.markRead());
    await expectConverged(s);
  });

  test("channel.updated", async () => {
    const s = await scene();
    await applying(s, "channel.updated", () =>
      s.channelA.update({ name: "renamed", image: "https://example.com/a.png" }),
    );
    await expectConverged(s);
    expect(s.channelB.data?.name).toBe("renamed");
  });

  test("channel.truncated", async () => {
    const s = await scene();
    await applying(s, "channel.truncated", () => s.channelA.truncate());
    await expectConverged(s);
    expect(s.channelB.state.messages).toEqual([]);
    expect(s.channelB.state.unreadCount).toBe(0);
    // and a message after the truncation
    await applying(s, "message.new", () => s.channelA.sendMessage({ text: "after truncate" }));
    await expectConverged(s);
  });

  test("channel.deleted (the fresh fetch is a 404; B drops it from its list)", async () => {
    const s = await scene();
    expect(s.b.client.channelList).toContain(s.channelB);
    await applying(s, "channel.deleted", () => s.channelA.delete());
    expect(s.channelB.data?.deleted_at).toBeTruthy();
    expect(s.b.client.channelList).not.toContain(s.channelB);
    const fresh = await s.asB("POST", `/channels/messaging/${s.channelB.id}/query`, { create: false });
    expect(fresh.status).toBe(404);
  });

  test("member.added and member.removed", async () => {
    const s = await scene();
    const carolId = s.carol.auth.user.id;
    await applying(s, "member.added", () => s.channelA.addMembers([carolId]));
    await expectConverged(s);
    expect(Object.keys(s.channelB.state.members)).toContain(carolId);
    await applying(s, "message.new", () => s.channelA.sendMessage({ text: "hi carol" }));
    await expectConverged(s);
    await applying(s, "member.removed", () => s.channelA.removeMembers([carolId]));
    await expectConverged(s);
    expect(Object.keys(s.channelB.state.members)).not.toContain(carolId);
  });

  test("member.updated: a member made channel moderator and back, their own role and capabilities too", async () => {
    const s = await scene();
    const bId = s.b.auth.user.id;
    await applying(s, "member.updated", () =>
      s.channelA.assignRoles([{ user_id: bId, channel_role: "channel_moderator" }]),
    );
    await expectConverged(s, (st) => st.capabilities.any.includes("DeleteMessage"));
    expect(s.channelB.state.membership?.role).toBe("channel_moderator");
    await applying(s, "member.updated", () =>
      s.channelA.assignRoles([{ user_id: bId, channel_role: "channel_member" }]),
    );
    await expectConverged(s, (st) => !st.capabilities.any.includes("DeleteMessage"));
    expect(s.channelB.state.members[bId]?.role).toBe("channel_member");
  });

  test("channel.hidden and channel.visible (hidden until the next message)", async () => {
    const s = await scene();
    await applying(s, "channel.hidden", () => s.asB("POST", `/channels/messaging/${s.channelB.id}/hide`));
    await expectConverged(s, (st) => st.membership?.hidden === true);
    expect(s.b.client.channelList).not.toContain(s.channelB);
    await applying(s, "channel.visible", () => s.asB("POST", `/channels/messaging/${s.channelB.id}/show`));
    await expectConverged(s, (st) => st.membership?.hidden === false);
    expect(s.b.client.channelList).toContain(s.channelB);
    await applying(s, "channel.hidden", () => s.asB("POST", `/channels/messaging/${s.channelB.id}/hide`));
    await applying(s, "message.new", () => s.channelA.sendMessage({ text: "unhides" }));
    await expectConverged(s, (st) => st.membership?.hidden === false);
    expect(s.b.client.channelList[0]).toBe(s.channelB);
  });

  test("mute (notification.channel_mutes_updated): muted channels leave the total unread", async () => {
    const s = await scene();
    expect(s.b.client.totalUnreadCount).toBe(s.channelB.state.unreadCount);
    await applying(s, "notification.channel_mutes_updated", () =>
      s.asB("POST", `/channels/messaging/${s.channelB.id}/mute`),
    );
    await expectConverged(s, (st) => st.membership?.muted === true);
    expect(s.b.client.totalUnreadCount).toBe(0);
    expect((await s.b.client.getUnreadCount()).total_unread_count).toBe(0);
    await applying(s, "notification.channel_mutes_updated", () =>
      s.asB("POST", `/channels/messaging/${s.channelB.id}/unmute`),
    );
    await expectConverged(s, (st) => st.membership?.muted === false);
    expect(s.b.client.totalUnreadCount).toBe(s.channelB.state.unreadCount);
  });

  test("reaction.new and reaction.deleted (own reactions kept across events)", async () => {
    const s = await scene();
    const target = s.channelA.state.messages.at(-1)!;
    await applying(s, "reaction.new", () =>
      s.asB("POST", `/messages/${target.id}/reaction`, { reaction: { type: "like" } }),
    );
    await expectConverged(s);
    await applying(s, "reaction.new", () =>
      s.a.client.rest.post(`/messages/${target.id}/reaction`, { reaction: { type: "love" } }),
    );
    await expectConverged(s);
    await applying(s, "reaction.deleted", () => s.asB("DELETE", `/messages/${target.id}/reaction/like`));
    await expectConverged(s);
  });

  test("thread.updated (a reply updates its parent's summary; the reply stays out of the channel list)", async () => {
    const s = await scene();
    const parent = s.channelA.state.messages[0]!;
    await applying(s, "thread.updated", () =>
      s.channelA.sendMessage({ text: "in the thread", parent_id: parent.id }),
    );
    await expectConverged(s);
    expect(s.channelB.state.messages.find((m) => m.id === parent.id)?.reply_count).toBe(1);
    expect(s.channelB.state.messages).toHaveLength(3);
  });

  test("a thread reply mentioning B: B's mention count rises, as a fresh fetch counts it", async () => {
    const s = await scene();
    const parent = s.channelA.state.messages[0]!;
    const bId = s.b.auth.user.id;
    const before = s.channelB.state.read[bId]?.unread_mentions ?? 0;
    await applying(s, "thread.updated", () =>
      s.channelA.sendMessage({ text: `@${bId} see this`, parent_id: parent.id, mentioned_users: [bId] }),
    );
    await expectConverged(s, (st) => (st.read[bId]?.unread_mentions ?? 0) > before);
    expect(s.channelB.state.read[bId]?.unread_mentions).toBe(before + 1);
  });

  test("notification.added_to_channel: the channel appears in the added user's list, watched, as fetched", async () => {
    const s = await scene();
    await s.carol.client.queryChannels();
    const carolId = s.carol.auth.user.id;
    let notified = 0;
    s.carol.client.on("notification.added_to_channel", () => notified++);
    await s.channelA.addMembers([carolId]);
    await waitFor(() => notified > 0, 5_000, "carol to be notified");
    const held = s.carol.client.activeChannels.get(s.channelA.cid);
    if (!held) throw new Error("carol holds no channel");
    await waitFor(() => held.watching && held.state.initialized, 5_000, "carol to watch it");
    expect(s.carol.client.channelList).toContain(held);
    await expectMatchesFetch(s.carol, held);
    // and it is live: the next message reaches carol as an event
    await s.channelA.sendMessage({ text: "welcome carol" });
    await waitFor(() => held.state.messages.some((m) => m.text === "welcome carol"));
    await expectMatchesFetch(s.carol, held);
  });

  test("notification.message_new: a member not watching learns of the message and of the channel", async () => {
    const s = await scene();
    const carolId = s.carol.auth.user.id;
    await s.channelA.addMembers([carolId]);
    // carol connects only now (her SDK has no list yet and watches nothing)
    await s.carol.client.disconnectUser();
    const carol = s.carol;
    await carol.client.connectUser({ id: carolId }, s.carol.auth.streamToken);
    let notified = 0;
    carol.client.on("notification.message_new", () => notified++);
    await s.channelA.sendMessage({ text: "are you there carol?" });
    await waitFor(() => notified > 0, 5_000, "carol to be notified");
    // a new member has read what came before joining: only the new message is unread
    expect(carol.client.totalUnreadCount).toBe(1);
    const held = carol.client.activeChannels.get(s.channelA.cid);
    if (!held) throw new Error("carol holds no channel");
    await waitFor(() => held.state.initialized, 5_000, "carol's channel to load");
    await expectMatchesFetch(carol, held);
    expect(held.state.unreadCount).toBe(1);
  });

  test("notification.removed_from_channel: the removed member's state and list drop the channel; the fetch is refused", async () => {
    const s = await scene();
    expect(s.b.client.totalUnreadCount).toBeGreaterThan(0);
    await applying(s, "notification.removed_from_channel", () =>
      s.channelA.removeMembers([s.b.auth.user.id]),
    );
    expect(s.channelB.state.membership).toBeNull();
    expect(s.channelB.state.unreadCount).toBe(0);
    expect(s.b.client.channelList).not.toContain(s.channelB);
    await waitFor(() => s.b.client.totalUnreadCount === 0, 5_000, "B's total to drop");
    const fresh = await s.asB("POST", `/channels/messaging/${s.channelB.id}/query`, { create: false });
    expect(fresh.status).toBe(403);
  });

  test("channel.created: the channel's first event, replayed to a watch from seq 0, carries the channel as fetched", async () => {
    const s = await scene();
    const frames: { type: string; seq?: number; channel?: { cid: string; created_at: string } }[] = [];
    const socket = s.b.client.connection!.socket as unknown as {
      on(e: "message", f: (d: unknown) => void): void;
    };
    socket.on("message", (data) => frames.push(JSON.parse(String(data))));
    s.b.client.connection!.send({
      type: "watch",
      req_id: "from-zero",
      channels: [{ cid: s.channelB.cid, since: 0 }],
    });
    await waitFor(() => frames.some((f) => f.type === "watch.ok"), 5_000, "the replay");
    const first = frames.find((f) => f.seq !== undefined);
    expect(first).toMatchObject({ type: "channel.created", seq: 1 });
    const fetched = await s.asB("POST", `/channels/messaging/${s.channelB.id}/query`, { create: false });
    expect(first?.channel).toMatchObject({
      cid: fetched.body.channel.cid,
      created_at: fetched.body.channel.created_at,
    });
  });
});
