/**
 * The events test (design.md §6): for each event type, the state B builds by applying the event to
 * its state from before the change equals a fresh fetch after it. B never changes its own state
 * here: every change is made by A or by raw REST calls, so B's state moves only by events (the
 * anonymous poll case says where it makes an exception).
 *
 * Every case records the event types it saw arrive (`receiving`, `applying`); the last test fails
 * naming each type of CHANNEL_EVENT_TYPES and USER_EVENT_TYPES that no case exercised, so a new
 * event type needs a case here.
 */
import {
  applyQueryResponse,
  type Channel,
  type ChannelStateSnapshot,
  type ClientEventType,
  emptyChannelState,
  PollManager,
  type PollState,
} from "@parley/client";
import {
  CHANNEL_EVENT_TYPES,
  type PollResponse,
  type PollVoteResponse,
  type ThreadSummary,
  USER_EVENT_TYPES,
} from "@parley/protocol";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { channelId, connectedUser, type SdkUser, waitFor } from "./sdk-helpers.js";

let server: TestServer;
const users: SdkUser[] = [];
/** The event types the cases saw arrive at the user whose state they then compared. */
const exercised = new Set<string>();

beforeAll(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await Promise.all(users.splice(0).map((u) => u.client.disconnectUser()));
});
afterAll(async () => {
  await server?.close();
});

/** What a comparison leaves out, where a case says why. */
interface Compare {
  /** The reader's own votes on the polls that messages carry. */
  ownVotes?: boolean;
  /** The reader's channel capabilities. */
  capabilities?: boolean;
}

/** A poll as both sides must agree on it: users by id (presence fields are ephemeral), own votes as a set. */
function normalizePoll(p: PollResponse | undefined, { ownVotes = true }: Compare = {}) {
  if (!p) return p;
  const vote = ({ user, ...v }: PollVoteResponse) => ({ ...v, user: user?.id ?? null });
  const { created_by, latest_answers, latest_votes_by_option, own_votes, ...rest } = p;
  return {
    ...rest,
    created_by: created_by?.id ?? null,
    latest_answers: latest_answers.map(vote),
    latest_votes_by_option:
      latest_votes_by_option &&
      Object.fromEntries(Object.entries(latest_votes_by_option).map(([id, votes]) => [id, votes.map(vote)])),
    own_votes: ownVotes ? own_votes.map(vote).sort((x, y) => x.id.localeCompare(y.id)) : "(not compared)",
  };
}

/** What both sides must agree on. Left out: channel.updated_at (bumped by every new message, which
 * carries no channel) and users' presence fields (online, last_active: ephemeral). */
function normalize(s: ChannelStateSnapshot, options: Compare = {}) {
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
      topic: c.topic,
    },
    messages: s.messages.map(({ status: _status, error: _error, user, poll, ...m }) => ({
      ...m,
      user: user.id,
      latest_reactions: m.latest_reactions.map(({ user: _u, ...r }) => r),
      own_reactions: m.own_reactions.map(({ user: _u, ...r }) => r),
      poll: normalizePoll(poll, options),
    })),
    members: Object.values(s.members)
      .map((m) => ({ user_id: m.user_id, role: m.role, created_at: m.created_at }))
      .sort((x, y) => x.user_id.localeCompare(y.user_id)),
    membership: s.membership && {
      user_id: s.membership.user_id,
      role: s.membership.role,
      muted: s.membership.muted,
      muted_until: s.membership.muted_until,
      hidden: s.membership.hidden,
      notify_level: s.membership.notify_level,
      starred: s.membership.starred,
    },
    read: Object.values(s.read).sort((x, y) => x.user_id.localeCompare(y.user_id)),
    unreadCount: s.unreadCount,
    lastSeq: s.lastSeq,
    lastMessageAt: s.lastMessageAt,
    capabilities: options.capabilities === false ? "(not compared)" : s.capabilities,
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

/** Raw REST as `user`; fails the test on an error answer. */
async function rest(user: { streamToken: string }, method: string, path: string, body?: unknown) {
  const r = await server.chat(user.streamToken, method, path, body);
  if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

/** B's state equals a fresh fetch, once B has applied everything up to the fresh state's seq. */
async function expectConverged(
  s: Scene,
  extra: (state: ChannelStateSnapshot) => boolean = () => true,
  options: Compare = {},
) {
  await expectMatchesFetch(s.b, s.channelB, extra, options);
}

/** `user`'s state of `channel` equals a fresh fetch by that user, once it caught up with it. */
async function expectMatchesFetch(
  user: SdkUser,
  channel: Channel,
  extra: (state: ChannelStateSnapshot) => boolean = () => true,
  options: Compare = {},
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
  expect(normalize(channel.state, options)).toEqual(normalize(fresh!, options));
}

/** `user`'s total unread equals the server's (`GET /unread`), once it settled. */
async function expectTotalMatches(user: SdkUser) {
  let fresh = -1;
  for (let attempt = 0; attempt < 50; attempt += 1) {
    fresh = (await user.client.getUnreadCount()).total_unread_count;
    if (user.client.totalUnreadCount === fresh) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  expect(user.client.totalUnreadCount).toBe(fresh);
}

/**
 * Runs `act` and waits until `user` received an event of each of `types`; records them as
 * exercised (the coverage test at the end reads the record).
 */
async function receiving(
  user: SdkUser,
  types: ClientEventType | readonly ClientEventType[],
  act: () => Promise<unknown>,
) {
  const wanted: readonly ClientEventType[] = typeof types === "string" ? [types] : types;
  const seen = new Set<ClientEventType>();
  const subs = wanted.map((type) => user.client.on(type, () => seen.add(type)));
  try {
    await act();
    await waitFor(() => seen.size === wanted.length, 5_000, `${wanted.join(" and ")} to arrive`);
  } finally {
    for (const sub of subs) sub.unsubscribe();
  }
  for (const type of wanted) exercised.add(type);
}

/** Runs `act` and checks that B received an event of each of `types`; answers B's state from before. */
async function applying(
  s: Scene,
  types: ClientEventType | readonly ClientEventType[],
  act: () => Promise<unknown>,
) {
  const before = s.channelB.state;
  await receiving(s.b, types, act);
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

  test("message.read and notification.mark_read (B's own read, and A's read as B sees it)", async () => {
    const s = await scene();
    expect(s.b.client.totalUnreadCount).toBeGreaterThan(0);
    await applying(s, ["message.read", "notification.mark_read"], () =>
      s.asB("POST", `/channels/messaging/${s.channelB.id}/read`, {}),
    );
    await expectConverged(s, (st) => st.unreadCount === 0);
    expect(s.channelB.state.unreadCount).toBe(0);
    await expectTotalMatches(s.b);
    expect(s.b.client.totalUnreadCount).toBe(0);
    await applying(s, "message.read", () => s.channelA.markRead());
    await expectConverged(s);
  });

  test("channel.updated", async () => {
    const s = await scene();
    await applying(s, "channel.updated", () =>
      s.channelA.update({ name: "renamed", image: "https://example.com/a.png", topic: "news" }),
    );
    await expectConverged(s);
    expect(s.channelB.data?.name).toBe("renamed");
    // Each change posted a system message, applied like any message and never unread.
    const system = s.channelB.state.messages.filter((m) => m.type === "system");
    expect(system.map((m) => m.system?.kind)).toEqual([
      "channel_renamed",
      "channel_image_changed",
      "channel_topic_changed",
    ]);
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

  test("channel.deleted (the fresh fetch is a 404; B drops it from its list and its unread total)", async () => {
    const s = await scene();
    expect(s.b.client.channelList).toContain(s.channelB);
    expect(s.b.client.totalUnreadCount).toBeGreaterThan(0);
    await applying(s, "channel.deleted", () => s.channelA.delete());
    expect(s.channelB.data?.deleted_at).toBeTruthy();
    expect(s.b.client.channelList).not.toContain(s.channelB);
    const fresh = await s.asB("POST", `/channels/messaging/${s.channelB.id}/query`, { create: false });
    expect(fresh.status).toBe(404);
    await expectTotalMatches(s.b);
  });

  test("notification.channel_deleted: a member not watching the channel holds and lists nothing of it", async () => {
    const s = await scene();
    const carolId = s.carol.auth.user.id;
    await s.channelA.addMembers([carolId]);
    await s.channelA.sendMessage({ text: "for carol" });
    // carol connects only now: she holds and watches nothing, the server counts one unread
    await s.carol.client.disconnectUser();
    await s.carol.client.connectUser({ id: carolId }, s.carol.auth.streamToken);
    await expectTotalMatches(s.carol);
    expect(s.carol.client.totalUnreadCount).toBe(1);
    await receiving(s.carol, "notification.channel_deleted", () => s.channelA.delete());
    expect(s.carol.client.activeChannels.has(s.channelA.cid)).toBe(false);
    expect(s.carol.client.channelList).toEqual([]);
    const fresh = await server.chat(
      s.carol.auth.streamToken,
      "POST",
      `/channels/messaging/${s.channelA.id}/query`,
      {
        create: false,
      },
    );
    expect(fresh.status).toBe(404);
    // The deleted channel's unread was only in the server's total: the SDK asks for it again.
    await expectTotalMatches(s.carol);
    expect(s.carol.client.totalUnreadCount).toBe(0);
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

  test("member.added and member.removed by joining and leaving a team channel", async () => {
    const s = await scene();
    const id = channelId("team");
    const teamA = s.a.client.channel("team", id, { members: [s.b.auth.user.id], name: "open" });
    await teamA.watch();
    const [teamB] = await s.b.client.queryChannels({ type: "team" });
    if (!teamB) throw new Error("B does not see the team channel");
    const carolId = s.carol.auth.user.id;
    await receiving(s.b, "member.added", () => rest(s.carol.auth, "POST", `/channels/team/${id}/join`));
    await expectMatchesFetch(s.b, teamB, (st) => carolId in st.members);
    await receiving(s.b, "member.removed", () => rest(s.carol.auth, "POST", `/channels/team/${id}/leave`));
    await expectMatchesFetch(s.b, teamB, (st) => !(carolId in st.members));
  });

  test("message.updated by pinning and unpinning", async () => {
    const s = await scene();
    const target = s.channelA.state.messages[0]!.id;
    await applying(s, "message.updated", () => rest(s.a.auth, "POST", `/messages/${target}/pin`));
    await expectConverged(s, (st) => st.messages.some((m) => m.id === target && m.pinned_at !== null));
    await applying(s, "message.updated", () => rest(s.a.auth, "POST", `/messages/${target}/unpin`));
    await expectConverged(s, (st) => st.messages.some((m) => m.id === target && m.pinned_at === null));
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

  test("channel.starred_updated: B's star (a favourite) reaches its membership", async () => {
    const s = await scene();
    const path = `/channels/messaging/${s.channelB.id}/star`;
    await applying(s, "channel.starred_updated", () => s.asB("PUT", path, { starred: true }));
    await expectConverged(s, (st) => st.membership?.starred === true);
    expect(s.channelB.starred).toBe(true);
    await applying(s, "channel.starred_updated", () => s.asB("PUT", path, { starred: false }));
    await expectConverged(s, (st) => st.membership?.starred === false);
  });

  test("thread replies and notification.thread_read: B's threads inbox and its unread total", async () => {
    const s = await scene();
    await s.b.client.threads.load();
    const sent = await s.asB("POST", `/channels/messaging/${s.channelB.id}/messages`, {
      message: { text: "B's question" },
    });
    const parentId = sent.body.message.id as string;
    await applying(s, ["message.new", "thread.updated"], () =>
      s.channelA.sendMessage({ text: "A answers", parent_id: parentId }),
    );
    const threadsConverged = async () => {
      const view = (t: ThreadSummary) => ({
        parent: t.parent.id,
        reply_count: t.reply_count,
        last_reply_at: t.last_reply_at,
        latest: t.latest_replies.map((r) => r.id),
        participants: t.participants.map((u) => u.id),
        unread: t.unread_replies,
      });
      const fresh = (await s.asB("GET", "/threads")).body as { threads: ThreadSummary[] };
      expect(s.b.client.threads.state.threads.map(view)).toEqual(fresh.threads.map(view));
      const unread = (await s.asB("GET", "/unread")).body as { threads: { unread_replies: number }[] };
      const total = unread.threads.reduce((n, t) => n + t.unread_replies, 0);
      expect(s.b.client.state.unreadThreadReplies).toBe(total);
    };
    await waitFor(() => s.b.client.threads.state.threads[0]?.reply_count === 1);
    await threadsConverged();
    expect(s.b.client.state.unreadThreadReplies).toBe(1);
    await applying(s, "notification.thread_read", () =>
      s.asB("POST", `/messages/${parentId}/thread/read`, {}),
    );
    await threadsConverged();
    expect(s.b.client.state.unreadThreadReplies).toBe(0);
  });

  test("a timed mute and a channel's level (notification.channel_level_updated) reach the membership", async () => {
    const s = await scene();
    const until = new Date(Date.now() + 3600_000).toISOString();
    await applying(s, "notification.channel_mutes_updated", () =>
      s.asB("POST", `/channels/messaging/${s.channelB.id}/mute`, { until }),
    );
    await expectConverged(s, (st) => st.membership?.muted_until === until);
    await applying(s, "notification.channel_level_updated", () =>
      s.asB("PUT", `/channels/messaging/${s.channelB.id}/notifications`, { level: "all" }),
    );
    await expectConverged(s, (st) => st.membership?.notify_level === "all");
  });

  test("notification.settings_updated: B's default level and Do Not Disturb as fetched (GET /me)", async () => {
    const s = await scene();
    const dnd = new Date(Date.now() + 3600_000).toISOString();
    await receiving(s.b, "notification.settings_updated", () =>
      rest(s.b.auth, "PATCH", "/me/notifications", { default_level: "none", dnd_until: dnd }),
    );
    expect(s.b.client.user?.notify).toEqual((await rest(s.b.auth, "GET", "/me")).user.notify);
    expect(s.b.client.user?.notify).toEqual({ default_level: "none", dnd_until: dnd });
  });

  test("reaction.new and reaction.deleted (own reactions kept across events)", async () => {
    const s = await scene();
    const target = s.channelA.state.messages.at(-1)!;
    await applying(s, "reaction.new", () =>
      s.asB("POST", `/messages/${target.id}/reaction`, { reaction: { type: "like" } }),
    );
    await expectConverged(s);
    await applying(s, "reaction.new", () => s.a.client.rest.sendReaction(target.id, "love"));
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
    await receiving(s.carol, "notification.added_to_channel", () => s.channelA.addMembers([carolId]));
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
    await receiving(carol, "notification.message_new", () =>
      s.channelA.sendMessage({ text: "are you there carol?" }),
    );
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
    exercised.add("channel.created");
  });
});

describe("events test: moderation events (user-scoped)", () => {
  test("message.flagged (to the flagger and moderators): B's state is as fetched", async () => {
    const s = await scene();
    const target = s.channelB.state.messages.at(-1)!;
    await applying(s, "message.flagged", () =>
      s.asB("POST", `/messages/${target.id}/flag`, { reason: "spam" }),
    );
    await expectConverged(s);
  });

  test("flag.reviewed with result remove: the flagger's message is deleted, B's state and total as fetched", async () => {
    const s = await scene();
    const moderator = server.admin;
    const target = s.channelB.state.messages.at(-1)!;
    await rest(s.b.auth, "POST", `/messages/${target.id}/flag`, {});
    const before = await applying(s, ["flag.reviewed", "message.deleted"], () =>
      rest(moderator, "POST", "/automod/v1/moderation/update_flags", {
        message_ids: [target.id],
        reviewed_by: moderator.user.id,
        options: { result: "remove" },
      }),
    );
    await expectConverged(s);
    expect(s.channelB.state.messages.at(-1)!.type).toBe("deleted");
    expect(s.channelB.state.unreadCount).toBe(before.unreadCount - 1);
    await expectTotalMatches(s.b);
  });

  test("user.banned and user.unbanned in a channel (to the banned user): B's state as fetched", async () => {
    const s = await scene();
    const cid = s.channelB.cid;
    const bId = s.b.auth.user.id;
    const fetchedCapabilities = async () =>
      (await s.b.client.rest.queryChannel("messaging", s.channelB.id!, { create: false })).own_capabilities;
    await applying(s, "user.banned", () =>
      rest(s.a.auth, "POST", "/moderation/ban", { target_user_id: bId, cid, reason: "calm down" }),
    );
    await expectConverged(s, (st) => !st.capabilities.any.includes("CreateMessage"));
    expect((await fetchedCapabilities()).any).not.toContain("CreateMessage");
    await applying(s, "user.unbanned", () =>
      rest(s.a.auth, "POST", "/moderation/unban", { target_user_id: bId, cid }),
    );
    await expectConverged(s, (st) => st.capabilities.any.includes("CreateMessage"));
    expect((await fetchedCapabilities()).any).toContain("CreateMessage");
  });

  test("user.muted and user.unmuted: B's own mutes as fetched (GET /me)", async () => {
    const s = await scene();
    const mutes = async () => ((await rest(s.b.auth, "GET", "/me")).user.mutes as string[]).sort();
    const aId = s.a.auth.user.id;
    const carolId = s.carol.auth.user.id;
    await receiving(s.b, "user.muted", () => rest(s.b.auth, "POST", "/moderation/mute", { target_id: aId }));
    await receiving(s.b, "user.muted", () =>
      rest(s.b.auth, "POST", "/moderation/mute", { target_id: carolId }),
    );
    expect([...(s.b.client.user?.mutes ?? [])].sort()).toEqual(await mutes());
    expect(s.b.client.user?.mutes).toHaveLength(2);
    await receiving(s.b, "user.unmuted", () =>
      rest(s.b.auth, "POST", "/moderation/unmute", { target_id: aId }),
    );
    expect([...(s.b.client.user?.mutes ?? [])].sort()).toEqual(await mutes());
    expect(s.b.client.user?.mutes).toEqual([carolId]);
    await expectConverged(s);
  });
});

interface PollScene extends Scene {
  /** B's state of the poll, seeded from the message carrying it, as a UI holds it (`usePoll`). */
  poll: PollState;
  messageId: string;
  /** The poll's option ids, by position. */
  options: string[];
  /** A vote (`{ option_id }`) or an answer (`{ answer_text }`) by raw REST. */
  vote(user: SdkUser, vote: { option_id: string } | { answer_text: string }): Promise<PollVoteResponse>;
  unvote(user: SdkUser, voteId: string): Promise<unknown>;
}

/** A scene where A posted a poll; B's poll state and channel state are as fetched. */
async function pollScene(settings: Record<string, unknown> = {}): Promise<PollScene> {
  const s = await scene();
  const { poll: created } = (await rest(s.a.auth, "POST", "/polls", {
    name: "Where do we eat?",
    options: [{ text: "Pizza" }, { text: "Sushi" }, { text: "Tacos" }],
    ...settings,
  })) as { poll: PollResponse };
  await applying(s, "message.new", () => s.channelA.sendMessage({ text: "vote!", poll_id: created.id }));
  const message = s.channelB.state.messages.find((m) => m.poll_id === created.id);
  if (!message?.poll) throw new Error("B holds no message carrying the poll");
  const poll = PollManager.of(s.b.client).fromMessage(message);
  if (!poll) throw new Error("B holds no poll");
  const votePath = `/messages/${message.id}/polls/${created.id}/vote`;
  const p: PollScene = {
    ...s,
    poll,
    messageId: message.id,
    options: created.options.map((o) => o.id),
    vote: async (user, vote) => (await rest(user.auth, "POST", votePath, { vote })).vote,
    unvote: (user, voteId) => rest(user.auth, "DELETE", `${votePath}/${voteId}`),
  };
  await expectPollConverged(p);
  return p;
}

/**
 * B's channel state equals a fresh fetch (the message carrying the poll included), and B's poll
 * state equals a fresh `GET /polls/{id}` by B (a 404 once deleted).
 */
async function expectPollConverged(p: PollScene, options: { ownVotesOnMessage?: boolean } = {}) {
  await expectConverged(p, () => true, { ownVotes: options.ownVotesOnMessage ?? true });
  const fresh = await p.asB("GET", `/polls/${p.poll.id}`);
  if (p.poll.state.deleted) {
    expect(fresh.status).toBe(404);
    return;
  }
  expect(fresh.status).toBe(200);
  expect(normalizePoll(p.poll.poll)).toEqual(normalizePoll(fresh.body.poll));
}

describe("events test: polls (B's poll state and the message carrying it = fresh fetch)", () => {
  test("poll.vote_casted and poll.vote_removed: A's votes and B's own (a public poll names them)", async () => {
    const p = await pollScene();
    const [o0, o1] = p.options as [string, string];
    let aVote: PollVoteResponse | undefined;
    await applying(p, "poll.vote_casted", async () => {
      aVote = await p.vote(p.a, { option_id: o0 });
    });
    await expectPollConverged(p);
    let bVote: PollVoteResponse | undefined;
    await applying(p, "poll.vote_casted", async () => {
      bVote = await p.vote(p.b, { option_id: o0 });
    });
    await applying(p, "poll.vote_casted", () => p.vote(p.b, { option_id: o1 }));
    await expectPollConverged(p);
    expect(p.poll.poll?.own_votes).toHaveLength(2);
    await applying(p, "poll.vote_removed", () => p.unvote(p.b, bVote!.id));
    await expectPollConverged(p);
    await applying(p, "poll.vote_removed", () => p.unvote(p.a, aVote!.id));
    await expectPollConverged(p);
    expect(p.poll.poll?.vote_count).toBe(1);
    expect(p.poll.poll?.own_votes.map((v) => v.option_id)).toEqual([o1]);
  });

  test("poll.vote_changed: a unique vote moved to another option, B's own and A's", async () => {
    const p = await pollScene({ enforce_unique_vote: true });
    const [o0, o1, o2] = p.options as [string, string, string];
    await applying(p, "poll.vote_casted", () => p.vote(p.b, { option_id: o0 }));
    await applying(p, "poll.vote_changed", () => p.vote(p.b, { option_id: o1 }));
    await expectPollConverged(p);
    await applying(p, "poll.vote_casted", () => p.vote(p.a, { option_id: o2 }));
    await applying(p, "poll.vote_changed", () => p.vote(p.a, { option_id: o0 }));
    await expectPollConverged(p);
    expect(p.poll.poll?.own_votes.map((v) => v.option_id)).toEqual([o1]);
    expect(p.poll.poll?.vote_counts_by_option).toEqual({ [o0]: 1, [o1]: 1, [o2]: 0 });
  });

  test("poll.answer_casted: new and replaced answers; removing one is poll.vote_removed", async () => {
    const p = await pollScene({ allow_answers: true });
    await applying(p, "poll.answer_casted", () => p.vote(p.a, { answer_text: "pizza, obviously" }));
    await expectPollConverged(p);
    let answer: PollVoteResponse | undefined;
    await applying(p, "poll.answer_casted", async () => {
      answer = await p.vote(p.b, { answer_text: "anything" });
    });
    await expectPollConverged(p);
    await applying(p, "poll.answer_casted", () => p.vote(p.b, { answer_text: "anything but sushi" }));
    await expectPollConverged(p);
    expect(p.poll.poll?.own_votes.map((v) => v.answer_text)).toEqual(["anything but sushi"]);
    await applying(p, "poll.vote_removed", () => p.unvote(p.b, answer!.id));
    await expectPollConverged(p);
    expect(p.poll.poll?.answers_count).toBe(1);
    expect(p.poll.poll?.own_votes).toEqual([]);
  });

  test("poll.updated: edited, an option added, an option deleted with B's vote on it", async () => {
    const p = await pollScene();
    const [o0, , o2] = p.options as [string, string, string];
    await applying(p, "poll.vote_casted", () => p.vote(p.b, { option_id: o2 }));
    await applying(p, "poll.vote_casted", () => p.vote(p.a, { option_id: o0 }));
    await applying(p, "poll.updated", () =>
      rest(p.a.auth, "PATCH", `/polls/${p.poll.id}`, { set: { name: "Lunch?", description: "today" } }),
    );
    await expectPollConverged(p);
    expect(p.poll.poll?.name).toBe("Lunch?");
    await applying(p, "poll.updated", () =>
      rest(p.a.auth, "POST", `/polls/${p.poll.id}/options`, { text: "Curry" }),
    );
    await expectPollConverged(p);
    await applying(p, "poll.updated", () => rest(p.a.auth, "DELETE", `/polls/${p.poll.id}/options/${o2}`));
    await expectPollConverged(p);
    expect(p.poll.poll?.options.map((o) => o.text)).toEqual(["Pizza", "Sushi", "Curry"]);
    expect(p.poll.poll?.own_votes).toEqual([]);
  });

  test("poll.closed, and reopening (poll.updated)", async () => {
    const p = await pollScene();
    await applying(p, "poll.vote_casted", () => p.vote(p.b, { option_id: p.options[0]! }));
    await applying(p, "poll.closed", () =>
      rest(p.a.auth, "PATCH", `/polls/${p.poll.id}`, { set: { is_closed: true } }),
    );
    await expectPollConverged(p);
    expect(p.poll.poll?.is_closed).toBe(true);
    await applying(p, "poll.updated", () =>
      rest(p.a.auth, "PATCH", `/polls/${p.poll.id}`, { set: { is_closed: false } }),
    );
    await expectPollConverged(p);
    expect(p.poll.poll?.is_closed).toBe(false);
  });

  test("poll.deleted: B's poll is gone (the fresh fetch is a 404) and its message keeps no poll", async () => {
    const p = await pollScene();
    await applying(p, "poll.vote_casted", () => p.vote(p.b, { option_id: p.options[0]! }));
    await expectPollConverged(p);
    await applying(p, "poll.deleted", () => rest(p.a.auth, "DELETE", `/polls/${p.poll.id}`));
    expect(p.poll.state.deleted).toBe(true);
    await expectPollConverged(p);
    const message = p.channelB.state.messages.find((m) => m.id === p.messageId);
    expect(message?.poll_id).toBeNull();
    expect(message?.poll).toBeUndefined();
  });

  test("message.updated of a poll message: B's own votes on it are kept", async () => {
    const p = await pollScene();
    await applying(p, "poll.vote_casted", () => p.vote(p.b, { option_id: p.options[1]! }));
    await expectPollConverged(p);
    await applying(p, "message.updated", () => p.channelA.updateMessage(p.messageId, "vote, please"));
    await expectPollConverged(p);
  });

  test("an anonymous poll: no voter named; B's own votes (cast through its SDK) kept across events", async () => {
    const p = await pollScene({ voting_visibility: "anonymous" });
    const [o0, o1] = p.options as [string, string];
    await applying(p, "poll.vote_casted", () => p.vote(p.a, { option_id: o0 }));
    await expectPollConverged(p);
    expect(p.poll.poll?.latest_votes_by_option).toBeNull();
    // No event names B as the voter of an anonymous vote: B's SDK learns its own votes from the
    // answers of its own calls, so B votes through its poll state here (its state moves by the
    // answer as well as by the event). The message in channel state knows no own votes of an
    // anonymous poll: only its shared part is compared.
    await applying(p, "poll.vote_casted", () => p.poll.castVote(o1));
    await expectPollConverged(p, { ownVotesOnMessage: false });
    expect(p.poll.poll?.own_votes).toMatchObject([{ option_id: o1, user_id: null, user: null }]);
    await applying(p, "poll.vote_casted", () => p.vote(p.a, { option_id: o1 }));
    await expectPollConverged(p, { ownVotesOnMessage: false });
    const own = p.poll.poll!.own_votes[0]!;
    await applying(p, "poll.vote_removed", () => p.poll.removeVote(own.id));
    await expectPollConverged(p);
    expect(p.poll.poll?.vote_count).toBe(2);
  });
});

describe("events test: coverage", () => {
  test("every channel and user event type is exercised by a case above", () => {
    const missing = [...CHANNEL_EVENT_TYPES, ...USER_EVENT_TYPES].filter((type) => !exercised.has(type));
    expect(missing, "event types no case exercised (add a case for each)").toEqual([]);
  });
});
