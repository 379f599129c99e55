import { ChatApiError, type ClientEvent, LIST_PREVIEW } from "@parley/client";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import type WebSocket from "ws";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { channelId, connectedUser, type SdkUser, sdkClient, waitFor } from "./sdk-helpers.js";

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

async function user(): Promise<SdkUser> {
  const u = await connectedUser(server);
  users.push(u);
  return u;
}

/** A and B, both watching a new messaging channel A created with B as a member. */
async function pair() {
  const [a, b] = await Promise.all([user(), user()]);
  const id = channelId();
  const channelA = a.client.channel("messaging", id, { members: [b.auth.user.id], name: "pair" });
  await channelA.watch();
  const [channelB] = await b.client.queryChannels({ type: "messaging" });
  if (!channelB) throw new Error("B does not see the channel");
  return { a, b, channelA, channelB };
}

describe("two SDK clients", () => {
  test("A sends, B receives every message in order; unread counts are right on both sides", async () => {
    const { a, b, channelA, channelB } = await pair();
    expect(channelB.cid).toBe(channelA.cid);
    expect(channelB.watching).toBe(true);
    for (let i = 0; i < 20; i += 1) await channelA.sendMessage({ text: `message ${i}` });
    await waitFor(() => channelB.state.messages.length === 20, 10_000, "B to get 20 messages");
    expect(channelB.state.messages.map((m) => m.text)).toEqual(
      Array.from({ length: 20 }, (_, i) => `message ${i}`),
    );
    expect(channelB.state.messages.every((m) => m.status === "received")).toBe(true);
    expect(channelA.state.messages.map((m) => m.id)).toEqual(channelB.state.messages.map((m) => m.id));
    // unread: B has 20, A none
    expect(channelB.state.unreadCount).toBe(20);
    expect(b.client.totalUnreadCount).toBe(20);
    expect(channelA.state.unreadCount).toBe(0);
    expect(a.client.totalUnreadCount).toBe(0);
    // the server agrees
    expect((await b.client.getUnreadCount()).total_unread_count).toBe(20);
    expect((await a.client.getUnreadCount()).total_unread_count).toBe(0);
    // A's view of B's read state: 20 unread
    await waitFor(() => channelA.state.read[b.auth.user.id]?.unread_messages === 20);

    // B marks read: cleared on B, and A sees B's read via message.read
    await channelB.markRead();
    expect(channelB.state.unreadCount).toBe(0);
    expect(b.client.totalUnreadCount).toBe(0);
    expect((await b.client.getUnreadCount()).total_unread_count).toBe(0);
    const lastId = channelA.state.messages.at(-1)!.id;
    await waitFor(
      () => channelA.state.read[b.auth.user.id]?.last_read_message_id === lastId,
      5_000,
      "A to see B's read",
    );
    expect(channelA.state.read[b.auth.user.id]?.unread_messages).toBe(0);

    // B answers: A gets one unread, B none
    await channelB.sendMessage({ text: "reply" });
    await waitFor(() => channelA.state.unreadCount === 1, 5_000, "A's unread");
    expect(a.client.totalUnreadCount).toBe(1);
    expect(channelB.state.unreadCount).toBe(0);
    // A's channel list: the channel moved to the top with the reply
    expect(a.client.channelList[0]).toBe(channelA);
  });

  test("a client that does not watch the channel counts unread from notification.message_new", async () => {
    const { a, b, channelA, channelB } = await pair();
    await channelB.stopWatching();
    await new Promise((r) => setTimeout(r, 50));
    await channelA.sendMessage({ text: "while B is not watching" });
    await waitFor(() => b.client.totalUnreadCount === 1, 5_000, "B's total");
    expect(channelB.state.unreadCount).toBe(1);
    expect(a.client.totalUnreadCount).toBe(0);
  });

  test("idempotent send: the same client id sent 3 times makes one message", async () => {
    const { a, channelA, channelB } = await pair();
    const id = `dup-${channelId()}`;
    const sends = await Promise.allSettled([
      channelA.sendMessage({ id, text: "once" }),
      channelA.sendMessage({ id, text: "once" }),
      channelA.sendMessage({ id, text: "once" }),
    ]);
    expect(sends.map((s) => s.status)).toEqual(["fulfilled", "fulfilled", "fulfilled"]);
    const { messages } = await a.client.rest.getMessages("messaging", channelA.id!, { limit: 50 });
    expect(messages.filter((m) => m.id === id)).toHaveLength(1);
    expect(messages).toHaveLength(1);
    await waitFor(() => channelB.state.messages.length === 1);
    await new Promise((r) => setTimeout(r, 100));
    expect(channelB.state.messages.map((m) => m.id)).toEqual([id]);
    expect(channelA.state.messages.map((m) => [m.id, m.status])).toEqual([[id, "received"]]);
    // a retry after the fact answers the original too
    const again = await a.client.rest.sendMessage("messaging", channelA.id!, { id, text: "once" });
    expect(again.message.id).toBe(id);
    expect((await a.client.rest.getMessages("messaging", channelA.id!)).messages).toHaveLength(1);
  });

  test("typing.start / typing.stop reach the other client (the 7 s expiry is unit-tested)", async () => {
    const { a, channelA, channelB } = await pair();
    const seen: string[] = [];
    channelB.on("typing.start", (e) => seen.push(`start:${e.user.id}`));
    channelB.on("typing.stop", (e) => seen.push(`stop:${e.user.id}`));
    channelA.keystroke();
    await waitFor(() => a.auth.user.id in channelB.state.typing, 5_000, "typing on B");
    expect(channelB.state.typing[a.auth.user.id]?.user.id).toBe(a.auth.user.id);
    // A does not see itself typing
    expect(channelA.state.typing).toEqual({});
    channelA.stopTyping();
    await waitFor(() => !(a.auth.user.id in channelB.state.typing), 5_000, "typing stop on B");
    expect(seen).toEqual([`start:${a.auth.user.id}`, `stop:${a.auth.user.id}`]);
  });

  test("a non-member cannot watch a messaging channel and gets none of its events", async () => {
    const { channelA } = await pair();
    const outsider = await user();
    const events: ClientEvent[] = [];
    outsider.client.on("all", (e) => {
      if ("cid" in e && e.cid === channelA.cid) events.push(e);
    });
    const channel = outsider.client.channel("messaging", channelA.id!);
    const error = await channel.watch().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChatApiError);
    expect((error as ChatApiError).status).toBe(403);
    expect((error as ChatApiError).code).toBe("forbidden");
    expect(channel.watching).toBe(false);
    // the raw frame is refused too
    const socket = outsider.client.connection!.socket as unknown as WebSocket;
    const frames: { type: string; code?: string; cid?: string }[] = [];
    socket.on("message", (data) => frames.push(JSON.parse(String(data))));
    socket.send(JSON.stringify({ type: "watch", req_id: "x1", channels: [{ cid: channelA.cid, since: 0 }] }));
    await waitFor(() => frames.some((f) => f.type === "error"), 5_000, "error frame");
    expect(frames.find((f) => f.type === "error")).toMatchObject({ code: "forbidden", cid: channelA.cid });
    await channelA.sendMessage({ text: "secret" });
    await channelA.update({ name: "renamed" });
    await new Promise((r) => setTimeout(r, 200));
    expect(events).toEqual([]);
    expect(frames.filter((f) => f.type !== "error" && f.type !== "health.check")).toEqual([]);
    expect(channel.state.messages).toEqual([]);
  });
});

describe("connecting and paging", () => {
  test("a bad token: connectUser rejects with close code 4001 and the server's code", async () => {
    const client = sdkClient(server);
    const error = await client.connectUser({ id: "nobody" }, "not-a-jwt").catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "ChatConnectionError", code: 4001, fatal: true });
    expect(client.online).toBe(false);
  });

  test("older pages: query({ messages: { id_lt, limit } }) prepends without duplicates", async () => {
    const { b, channelA } = await pair();
    for (let i = 0; i < 25; i += 1) await channelA.sendMessage({ text: `p${i}` });
    // B in a second tab: nothing loaded yet
    const tab = sdkClient(server);
    await tab.connectUser({ id: b.auth.user.id }, b.auth.streamToken);
    users.push({ auth: b.auth, client: tab });
    const channel = tab.channel("messaging", channelA.id!);
    await channel.watch({ messageLimit: 10 });
    expect(channel.state.messages.map((m) => m.text)).toEqual(
      Array.from({ length: 10 }, (_, i) => `p${i + 15}`),
    );
    expect(channel.state.hasMoreOlder).toBe(true);
    expect(await channel.loadOlder(10)).toBe(10);
    await channel.query({ messages: { id_lt: channel.state.messages[0]!.id, limit: 10 } });
    expect(channel.state.hasMoreOlder).toBe(false);
    // loading a page already held changes nothing
    await channel.query({ messages: { id_lt: channel.state.messages[10]!.id, limit: 10 } });
    expect(channel.state.messages.map((m) => m.text)).toEqual(Array.from({ length: 25 }, (_, i) => `p${i}`));
  });

  test("a list's preview: the newest message and the first members; opening the channel loads it", async () => {
    const owner = await user();
    const others = await Promise.all(Array.from({ length: 5 }, () => user()));
    const id = channelId();
    const created = owner.client.channel("messaging", id, { members: others.map((o) => o.auth.user.id) });
    await created.watch();
    for (let i = 0; i < 3; i += 1) await created.sendMessage({ text: `m${i}` });

    // A client opened afterwards holds nothing of the channel yet.
    const reader = sdkClient(server);
    await reader.connectUser({ id: others[4]!.auth.user.id }, others[4]!.auth.streamToken);
    users.push({ auth: others[4]!.auth, client: reader });
    const [listed] = await reader.queryChannels({}, undefined, { limit: 30, ...LIST_PREVIEW });
    expect(listed?.state.preview).toBe(true);
    expect(listed?.state.messages.map((m) => m.text)).toEqual(["m2"]);
    expect(Object.keys(listed?.state.members ?? {})).toHaveLength(LIST_PREVIEW.member_limit);
    expect(listed?.state.membership?.user_id).toBe(others[4]!.auth.user.id);
    expect(listed?.state.channel?.member_count).toBe(6);
    expect(listed?.state.unreadCount).toBe(3);

    await listed!.watch({ create: false });
    expect(listed!.state.preview).toBe(false);
    expect(listed!.state.messages.map((m) => m.text)).toEqual(["m0", "m1", "m2"]);
    expect(Object.keys(listed!.state.members)).toHaveLength(6);
  });

  test("a channel's answer older than a preview that came meanwhile: the channel is loaded again, whole", async () => {
    const { b, channelA } = await pair();
    for (let i = 0; i < 3; i += 1) await channelA.sendMessage({ text: `old ${i}` });
    // B's channel answer is computed now and handed over only after the list's newer preview.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let holdNext = true;
    const tab = sdkClient(server, {
      fetch: async (input, init) => {
        const answer = await fetch(input, init);
        if (holdNext && String(input).includes(`/channels/messaging/${channelA.id}/query`)) {
          holdNext = false;
          await held;
        }
        return answer;
      },
    });
    await tab.connectUser({ id: b.auth.user.id }, b.auth.streamToken);
    users.push({ auth: b.auth, client: tab });
    const channel = tab.channel("messaging", channelA.id!);
    const opening = channel.watch({ create: false });
    await waitFor(() => !holdNext, 5000, "the channel query");
    await channelA.sendMessage({ text: "new 0" });
    await channelA.sendMessage({ text: "new 1" });
    await tab.queryChannels({}, undefined, { limit: 30, ...LIST_PREVIEW });
    expect(channel.state.preview).toBe(true);
    release();
    await opening;
    expect(channel.state.preview).toBe(false);
    expect(channel.state.messages.map((m) => m.text)).toEqual(["old 0", "old 1", "old 2", "new 0", "new 1"]);
  });
});
