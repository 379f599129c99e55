import type { ChannelEvent } from "@parley/protocol";
import { describe, expect, test } from "vitest";
import { connectedHarness } from "./client-harness.js";
import { at, channelState, FakeSocket, flush, me, message, user } from "./fakes.js";

function newMessage(id: string, seq: number, cid = "messaging:general"): ChannelEvent {
  const [channel_type, channel_id] = cid.split(":") as [string, string];
  return {
    type: "message.new",
    cid,
    channel_type,
    channel_id,
    seq,
    created_at: at(seq),
    message: message(id, "alice", seq, { cid }),
    user: user("alice"),
  };
}

async function watched(lastSeq = 2) {
  const h = await connectedHarness();
  h.states.set(
    "general",
    channelState("general", { messages: [message("m1", "alice", 1), message("m2", "alice", 2)], lastSeq }),
  );
  const channel = h.client.channel("messaging", "general");
  await channel.watch();
  const seen: number[] = [];
  h.client.on("message.new", (e) => seen.push(e.seq));
  return { ...h, channel, seen };
}

describe("event delivery by seq", () => {
  test("watch sends since = the state's last_seq", async () => {
    const { client } = await watched(2);
    expect(FakeSocket.last.framesOfType("watch")).toEqual([
      { type: "watch", req_id: expect.any(String), channels: [{ cid: "messaging:general", since: 2 }] },
    ]);
    await client.disconnectUser();
  });

  test("events at or below the last seq are dropped (not applied, not emitted)", async () => {
    const { client, channel, seen } = await watched(2);
    const socket = FakeSocket.last;
    socket.receive(newMessage("m2", 2));
    socket.receive(newMessage("m3", 3));
    socket.receive(newMessage("m3", 3));
    expect(channel.state.messages.map((m) => m.id)).toEqual(["m1", "m2", "m3"]);
    expect(seen).toEqual([3]);
    expect(channel.state.unreadCount).toBe(1);
    await client.disconnectUser();
  });

  test("a gap triggers a re-watch with since = last applied; the replay fills it in order", async () => {
    const { client, channel, seen } = await watched(2);
    const socket = FakeSocket.last;
    socket.onSend = undefined; // answer by hand
    socket.receive(newMessage("m5", 5));
    expect(channel.state.lastSeq).toBe(2);
    const rewatch = socket.framesOfType("watch").at(-1)!;
    expect(rewatch.channels).toEqual([{ cid: "messaging:general", since: 2 }]);
    // another gap while the resync is pending does not send a second watch
    socket.receive(newMessage("m6", 6));
    expect(socket.framesOfType("watch")).toHaveLength(2);
    for (const [id, seq] of [
      ["m3", 3],
      ["m4", 4],
      ["m5", 5],
      ["m6", 6],
    ] as const)
      socket.receive(newMessage(id, seq));
    socket.receive({
      type: "watch.ok",
      req_id: rewatch.req_id,
      cid: "messaging:general",
      last_seq: 6,
      replayed: 4,
    });
    expect(channel.state.messages.map((m) => m.id)).toEqual(["m1", "m2", "m3", "m4", "m5", "m6"]);
    expect(seen).toEqual([3, 4, 5, 6]);
    expect(socket.framesOfType("watch")).toHaveLength(2);
    await client.disconnectUser();
  });

  test("watch.ok beyond the last applied seq (events lost) re-watches from the last applied", async () => {
    const { client, channel } = await watched(2);
    const socket = FakeSocket.last;
    socket.onSend = undefined;
    socket.receive(newMessage("m4", 4)); // gap: resync
    const rewatch = socket.framesOfType("watch").at(-1)!;
    socket.receive(newMessage("m3", 3));
    socket.receive({
      type: "watch.ok",
      req_id: rewatch.req_id,
      cid: "messaging:general",
      last_seq: 4,
      replayed: 1,
    });
    expect(channel.state.lastSeq).toBe(3);
    expect(socket.framesOfType("watch").at(-1)!.channels).toEqual([{ cid: "messaging:general", since: 3 }]);
    await client.disconnectUser();
  });

  test("reset: the channel is refetched over REST and watched again from its last_seq", async () => {
    const { client, channel, states, http } = await watched(2);
    const socket = FakeSocket.last;
    states.set(
      "general",
      channelState("general", { messages: [message("m9", "alice", 90)], lastSeq: 90, unread: 7 }),
    );
    const queriesBefore = http.calls.filter((c) => c.path.endsWith("/query")).length;
    socket.receive({ type: "reset", cid: "messaging:general", reason: "retention" });
    await flush();
    await flush();
    const queries = http.calls.filter((c) => c.path.endsWith("/query"));
    expect(queries).toHaveLength(queriesBefore + 1);
    expect(queries.at(-1)!.body).toMatchObject({ create: false });
    expect(channel.state.lastSeq).toBe(90);
    expect(channel.state.unreadCount).toBe(7);
    expect(channel.state.messages.map((m) => m.id)).toEqual(["m9"]);
    expect(socket.framesOfType("watch").at(-1)!.channels).toEqual([{ cid: "messaging:general", since: 90 }]);
    await client.disconnectUser();
  });
});

describe("resume after a reconnect", () => {
  test("re-auths, re-watches every watched channel from its last seq, and re-queries the channel list", async () => {
    const h = await connectedHarness();
    h.states.set(
      "a",
      channelState("a", { messages: [message("a1", "alice", 4, { cid: "messaging:a" })], lastSeq: 4 }),
    );
    h.states.set("b", channelState("b", { lastSeq: 0 }));
    await h.client.queryChannels();
    const socket = FakeSocket.last;
    socket.receive(newMessage("a2", 5, "messaging:a"));
    expect(h.client.activeChannels.get("messaging:a")!.state.lastSeq).toBe(5);
    const listQueries = () => h.http.calls.filter((c) => c.path === "/channels").length;
    expect(listQueries()).toBe(1);
    const recovered = new Promise<void>((resolve) => h.client.on("connection.recovered", () => resolve()));
    socket.serverClose(1006);
    await recovered;
    const next = FakeSocket.last;
    expect(next).not.toBe(socket);
    expect(next.sent[0]!.type).toBe("auth");
    const watches = next.framesOfType("watch").flatMap((f) => f.channels);
    expect(watches).toEqual(
      expect.arrayContaining([
        { cid: "messaging:a", since: 5 },
        { cid: "messaging:b", since: 0 },
      ]),
    );
    expect(listQueries()).toBe(2);
    // the re-query answer (last_seq 4) is older than the state (5): the newer state is kept
    expect(h.client.activeChannels.get("messaging:a")!.state.messages.map((m) => m.id)).toEqual(["a1", "a2"]);
    await h.client.disconnectUser();
  });

  test("the watches go out right behind auth; a replay in the same read as connection.ok is applied once", async () => {
    const cid = "messaging:a";
    const warnings: string[] = [];
    const h = await connectedHarness({ logger: (level, msg) => level === "warn" && warnings.push(msg) });
    h.states.set("a", channelState("a", { messages: [message("a1", "alice", 4, { cid })], lastSeq: 4 }));
    await h.client.queryChannels();
    const channel = h.client.activeChannels.get(cid)!;
    const seen: string[] = [];
    channel.on("message.new", (e) => seen.push(e.message.id));
    // a server answering at once: connection.ok, the replay and watch.ok arrive together
    FakeSocket.onCreate = (socket) => {
      socket.onSend = (frame) => {
        if (frame.type !== "watch") return;
        socket.receive({ type: "connection.ok", connection_id: "c2", me: me("bob") });
        socket.receive(newMessage("a2", 5, cid));
        socket.receive({ type: "watch.ok", req_id: frame.req_id, cid, last_seq: 5, replayed: 1 });
      };
      queueMicrotask(() => socket.open());
    };
    const recovered = new Promise<void>((resolve) => h.client.on("connection.recovered", () => resolve()));
    FakeSocket.last.serverClose(1006);
    await recovered;
    const next = FakeSocket.last;
    expect(next.sent.map((f) => f.type)).toEqual(["auth", "watch"]);
    expect(next.framesOfType("watch")[0]!.channels).toEqual([{ cid, since: 4 }]);
    expect(seen).toEqual(["a2"]);
    expect(channel.state.messages.map((m) => m.id)).toEqual(["a1", "a2"]);
    // the resume found the answer to the watch it had sent: nothing timed out or failed
    expect(warnings).toEqual([]);
    await h.client.disconnectUser();
  });

  test("a re-query answer ahead of a watched channel leaves the missed messages to the replay, which hands each to handlers once", async () => {
    const cid = "messaging:a";
    const h = await connectedHarness();
    const a1 = message("a1", "alice", 4, { cid });
    h.states.set("a", channelState("a", { messages: [a1], lastSeq: 4 }));
    await h.client.queryChannels();
    const channel = h.client.activeChannels.get(cid)!;
    const seen: string[] = [];
    channel.on("message.new", (e) => seen.push(e.message.id));
    // while the socket is down the server stores a2 and a3; the list re-query answers with them
    const missed = [message("a2", "alice", 5, { cid }), message("a3", "alice", 6, { cid })];
    h.states.set("a", channelState("a", { messages: [a1, ...missed], lastSeq: 6, unread: 2 }));
    // the replay is slower than the re-query: it arrives after the list answer was applied
    FakeSocket.onCreate = (socket) => {
      socket.onSend = (frame) => {
        if (frame.type === "auth")
          socket.receive({ type: "connection.ok", connection_id: "c2", me: me("bob") });
        if (frame.type !== "watch") return;
        setTimeout(() => {
          socket.receive(newMessage("a2", 5, cid));
          socket.receive(newMessage("a3", 6, cid));
          socket.receive({ type: "watch.ok", req_id: frame.req_id, cid, last_seq: 6, replayed: 2 });
        }, 30);
      };
      queueMicrotask(() => socket.open());
    };
    const recovered = new Promise<void>((resolve) => h.client.on("connection.recovered", () => resolve()));
    FakeSocket.last.serverClose(1006);
    await recovered;
    expect(seen).toEqual(["a2", "a3"]);
    expect(channel.state.messages.map((m) => m.id)).toEqual(["a1", "a2", "a3"]);
    expect(channel.state.lastSeq).toBe(6);
    expect(channel.state.unreadCount).toBe(2);
    await h.client.disconnectUser();
  });
});

describe("total unread from the server", () => {
  test("GET /unread counts held channels by its own figures, so a message still on its way is not counted twice", async () => {
    const cid = "messaging:a";
    const h = await connectedHarness();
    h.states.set("a", channelState("a", { messages: [message("a1", "alice", 1, { cid })], unread: 1 }));
    await h.client.queryChannels();
    expect(h.client.totalUnreadCount).toBe(1);
    // the server already counts a2 (seq 2) in channel a, and 3 messages in channel b, not held
    const unread = h.http.routes.find((r) => r.path === "/unread")!;
    unread.handler = () => ({
      body: {
        total_unread_count: 5,
        channels: [
          { cid, unread_count: 2, unread_mentions: 0, last_read: null },
          { cid: "messaging:b", unread_count: 3, unread_mentions: 0, last_read: null },
        ],
        threads: [],
      },
    });
    await h.client.refreshUnread();
    // a2's event arrives after the answer
    FakeSocket.last.receive(newMessage("a2", 2, cid));
    expect(h.client.activeChannels.get(cid)!.state.unreadCount).toBe(2);
    expect(h.client.totalUnreadCount).toBe(5);
    await h.client.disconnectUser();
  });
});
