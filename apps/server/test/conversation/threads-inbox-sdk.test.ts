import type { ThreadSummary } from "@parley/protocol";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { channelId, connectedUser, type SdkUser, sdkClient, waitFor } from "../sdk/sdk-helpers.js";

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

/** What a row shows, without what only a fresh answer carries (presence, reactions of the reader). */
const view = (t: ThreadSummary) => ({
  parent: { id: t.parent.id, text: t.parent.text, reply_count: t.parent.reply_count },
  cid: t.channel.cid,
  reply_count: t.reply_count,
  last_reply_at: t.last_reply_at,
  latest: t.latest_replies.map((r) => r.text),
  participants: t.participants.map((u) => u.id),
  participant_count: t.participant_count,
  unread_replies: t.unread_replies,
});

/** The inbox the SDK kept from events equals a fresh `GET /chat/threads`, and so does its total. */
async function expectFresh(u: SdkUser) {
  const fresh = await u.client.rest.call("listThreads", { query: { limit: 50 } });
  expect(u.client.threads.state.threads.map(view)).toEqual(fresh.threads.map(view));
  const unread = await u.client.getUnreadCount();
  const total = (unread.threads ?? []).reduce((n, t) => n + t.unread_replies, 0);
  expect(u.client.state.unreadThreadReplies).toBe(total);
}

describe("the SDK's threads inbox", () => {
  test("follows replies, own replies, read marks and leaving, as a fresh fetch says", async () => {
    const [a, b] = await Promise.all([connectedUser(server), connectedUser(server)]);
    users.push(a, b);
    const channelA = a.client.channel("messaging", channelId(), {
      members: [a.auth.user.id, b.auth.user.id],
      name: "inbox",
    });
    await channelA.watch();
    const [channelB] = await b.client.queryChannels({ type: "messaging" });
    if (!channelB) throw new Error("B does not see the channel");
    await b.client.threads.load();
    expect(b.client.threads.state).toMatchObject({ status: "ready", threads: [], totalUnread: 0 });

    const parent = await channelB.sendMessage({ text: "B asks" });
    const other = await channelA.sendMessage({ text: "A's own thread" });
    await channelA.sendMessage({ text: "reply 1", parent_id: parent.id });
    await waitFor(() => b.client.state.unreadThreadReplies === 1, 5_000, "B's unread thread reply");
    await waitFor(() => b.client.threads.state.threads.length === 1, 5_000, "the row");
    await waitFor(() => b.client.threads.state.threads[0]?.reply_count === 1);
    await expectFresh(b);

    await channelA.sendMessage({ text: "reply 2", parent_id: parent.id });
    await waitFor(() => b.client.state.unreadThreadReplies === 2);
    await waitFor(() => b.client.threads.state.threads[0]?.reply_count === 2);
    await expectFresh(b);

    // A thread B was not in does not enter B's inbox; B's reply makes B take part, read up to it.
    await channelA.sendMessage({ text: "A answers A", parent_id: other.id });
    await channelB.sendMessage({ text: "B joins in", parent_id: other.id });
    await waitFor(() => b.client.threads.state.threads.length === 2);
    await waitFor(() => b.client.threads.state.threads[0]?.reply_count === 2);
    expect(b.client.threads.state.threads[0]?.parent.id).toBe(other.id);
    await expectFresh(b);

    // A second tab of B, its inbox never loaded: its total follows the server's and the events.
    const tab = sdkClient(server);
    users.push({ auth: b.auth, client: tab });
    await tab.connectUser({ id: b.auth.user.id }, b.auth.streamToken);
    await tab.queryChannels({ type: "messaging" });
    await tab.refreshUnread();
    expect(tab.state.unreadThreadReplies).toBe(2);
    await channelA.sendMessage({ text: "reply 3", parent_id: parent.id });
    await waitFor(() => tab.state.unreadThreadReplies === 3, 5_000, "the tab's total");
    await waitFor(() => b.client.state.unreadThreadReplies === 3);
    await waitFor(() => b.client.threads.state.threads[0]?.parent.id === parent.id);
    await expectFresh(b);

    // Read in B's first tab: both tabs' totals go to 0 (notification.thread_read).
    await channelB.thread(parent.id).markRead();
    expect(b.client.state.unreadThreadReplies).toBe(0);
    await waitFor(() => tab.state.unreadThreadReplies === 0, 5_000, "the read mark in the other tab");
    await expectFresh(b);

    await channelA.sendMessage({ text: "reply 4", parent_id: parent.id });
    await waitFor(() => b.client.state.unreadThreadReplies === 1);
    await waitFor(() => b.client.threads.state.threads[0]?.reply_count === 4);
    await expectFresh(b);

    await channelB.leave();
    await waitFor(() => b.client.threads.state.threads.length === 0, 5_000, "the rows of the left channel");
    expect(b.client.state.unreadThreadReplies).toBe(0);
    await expectFresh(b);
  });
});
