import type { WebSocketConstructor } from "@parley/client";
import { afterAll, beforeAll, expect, test } from "vitest";
import type WebSocket from "ws";
import WebSocketImpl from "ws";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { channelId, connectedUser, waitFor } from "./sdk-helpers.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const BURST = 500;

test("resume: B's socket is cut during a burst of 500 messages; after reconnecting B has all 500, in order, once", async () => {
  const [a, b] = await Promise.all([connectedUser(server), connectedUser(server)]);
  const channelA = a.client.channel("messaging", channelId("burst"), { members: [b.auth.user.id] });
  await channelA.watch();
  const [channelB] = await b.client.queryChannels();
  if (!channelB) throw new Error("B does not see the channel");

  const applied: string[] = [];
  channelB.on("message.new", (e) => applied.push(e.message.id));
  const online: boolean[] = [];
  let recovered = 0;
  let replayed = 0;
  b.client.on("connection.changed", (e) => {
    online.push(e.online);
    // the new socket, before the SDK re-watches: count what the server replays
    if (e.online) {
      (b.client.connection!.socket as unknown as WebSocket).on("message", (data) => {
        const frame = JSON.parse(String(data)) as { type: string; replayed?: number };
        if (frame.type === "watch.ok") replayed += frame.replayed ?? 0;
      });
    }
  });
  b.client.on("connection.recovered", () => recovered++);

  const cut = () => (b.client.connection!.socket as unknown as WebSocket).terminate();
  const sent: string[] = [];
  for (let i = 0; i < BURST; i += 1) {
    if (i === 100 || i === 300) cut(); // the network drops twice mid-burst
    const m = await channelA.sendMessage({ text: `burst ${i}` });
    sent.push(m.id);
  }
  await waitFor(() => channelB.state.messages.length >= BURST, 20_000, "B to have 500 messages");
  await waitFor(() => recovered >= 2, 5_000, "two recoveries");
  await new Promise((r) => setTimeout(r, 200)); // nothing more should arrive

  const ids = channelB.state.messages.map((m) => m.id);
  expect(ids).toHaveLength(BURST);
  expect(new Set(ids).size).toBe(BURST);
  expect(ids).toEqual(sent);
  expect(channelB.state.messages.map((m) => m.text)).toEqual(sent.map((_, i) => `burst ${i}`));
  // every message.new handed to handlers exactly once, in seq order
  expect(applied).toEqual(sent);
  const seqs = channelB.state.messages.map((m) => m.seq);
  expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
  expect(channelB.state.lastSeq).toBe(channelA.state.lastSeq);
  expect(online.filter((o) => !o)).toHaveLength(2);
  expect(replayed).toBeGreaterThan(0); // the missed messages came from the server's replay
  expect(online.at(-1)).toBe(true);
  // unread agrees with the server
  expect(channelB.state.unreadCount).toBe(BURST);
  expect(b.client.totalUnreadCount).toBe(BURST);
  expect((await b.client.getUnreadCount()).total_unread_count).toBe(BURST);

  await a.client.disconnectUser();
  await b.client.disconnectUser();
}, 60_000);

test("resume in one flight: a reconnecting client sends its watches right behind auth, before connection.ok", async () => {
  /** Per socket, the frames the client sent and whether connection.ok had arrived by then. */
  const sockets: { type: string; afterOk: boolean }[][] = [];
  class RecordingSocket extends WebSocketImpl {
    constructor(url: string) {
      super(url);
      const sent: { type: string; afterOk: boolean }[] = [];
      sockets.push(sent);
      let ok = false;
      this.on("message", (data) => {
        if ((JSON.parse(String(data)) as { type: string }).type === "connection.ok") ok = true;
      });
      const send = this.send.bind(this);
      this.send = ((data: string) => {
        sent.push({ type: (JSON.parse(data) as { type: string }).type, afterOk: ok });
        send(data);
      }) as typeof this.send;
    }
  }
  const a = await connectedUser(server);
  const b = await connectedUser(server, { WebSocket: RecordingSocket as unknown as WebSocketConstructor });
  const channelA = a.client.channel("messaging", channelId("flight"), { members: [b.auth.user.id] });
  await channelA.watch();
  const [channelB] = await b.client.queryChannels();
  if (!channelB) throw new Error("B does not see the channel");
  let recovered = 0;
  b.client.on("connection.recovered", () => recovered++);

  // The drop is noticed, and the reconnection may follow within milliseconds: listen, not poll.
  const dropped = new Promise<void>((resolve) =>
    b.client.on("connection.changed", (e) => {
      if (!e.online) resolve();
    }),
  );
  (b.client.connection!.socket as unknown as WebSocket).terminate();
  await dropped;
  const missed = await channelA.sendMessage({ text: "while away" });
  await waitFor(() => recovered === 1, 10_000, "the recovery");
  await waitFor(() => channelB.state.messages.some((m) => m.id === missed.id), 5_000, "the missed message");

  const again = sockets.at(-1)!;
  expect(again.slice(0, 2)).toEqual([
    { type: "auth", afterOk: false },
    { type: "watch", afterOk: false },
  ]);
  // nothing watched twice: the resume waited for the answer to the watch it had sent
  expect(again.filter((f) => f.type === "watch")).toHaveLength(1);
  expect(channelB.state.messages.filter((m) => m.id === missed.id)).toHaveLength(1);
  await a.client.disconnectUser();
  await b.client.disconnectUser();
});
