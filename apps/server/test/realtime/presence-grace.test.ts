import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, uniqueName } from "../helpers/test-server.js";
import { authedSocket, type RawSocket } from "../helpers/ws-client.js";

/** Two members of a fresh channel; Bo watches it. */
async function watchedPair(s: TestServer) {
  const [ana, bo] = await Promise.all([s.signup(), s.signup()]);
  const id = uniqueName("g");
  const cid = `messaging:${id}`;
  await s.chat(ana.streamToken, "POST", `/channels/messaging/${id}/query`, {
    data: { members: [bo.user.id] },
  });
  const watcher = await authedSocket(s.wsUrl, s.apiKey, bo.streamToken);
  watcher.send({ type: "watch", channels: [{ cid }] });
  await watcher.next((f) => f.type === "watch.ok");
  return { ana, bo, id, cid, watcher };
}

const presenceOf = (frames: RawSocket["frames"], userId: string) =>
  frames.filter((f) => f.type === "user.presence.changed" && f.user.id === userId);

describe("presence grace: a reconnect within it is no change", () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ PRESENCE_GRACE_MS: "600000" });
  });
  afterAll(() => s.close());

  it("keeps a user online between a drop and their reconnection, and announces neither", async () => {
    const { ana, bo, id, cid, watcher } = await watchedPair(s);
    const first = await authedSocket(s.wsUrl, s.apiKey, ana.streamToken);
    first.send({ type: "watch", channels: [{ cid }] });
    await first.next((f) => f.type === "watch.ok");
    await watcher.next(
      (f) => f.type === "user.presence.changed" && f.user.id === ana.user.id && f.user.online,
    );
    const before = watcher.frames.length;

    first.ws.terminate(); // a dropped network: no closing handshake
    const query = () => s.chat(bo.streamToken, "POST", `/channels/messaging/${id}/query`, {});
    // The server has handled the close once Ana no longer counts as a watcher.
    await expect.poll(async () => (await query()).body.watcher_count).toBe(1);
    const member = (await query()).body.members.find((m: { user_id: string }) => m.user_id === ana.user.id);
    expect(member.user.online).toBe(true);

    const again = await authedSocket(s.wsUrl, s.apiKey, ana.streamToken);
    again.send({ type: "watch", channels: [{ cid }] });
    await again.next((f) => f.type === "watch.ok");
    again.send({ type: "typing.start", cid });
    await watcher.next((f) => f.type === "typing.start" && f.user.id === ana.user.id);
    expect(presenceOf(watcher.frames.slice(before), ana.user.id)).toEqual([]);
    again.close();
    watcher.close();
  });

  it("takes a user offline at once when they say goodbye or their session is signed out", async () => {
    const { ana, watcher } = await watchedPair(s);
    const offline = () =>
      watcher.next((f) => f.type === "user.presence.changed" && f.user.id === ana.user.id && !f.user.online);
    const online = (after: number) =>
      watcher.next(
        (f) =>
          f.type === "user.presence.changed" &&
          f.user.id === ana.user.id &&
          f.user.online &&
          watcher.frames.indexOf(f) >= after,
      );

    const sock = await authedSocket(s.wsUrl, s.apiKey, ana.streamToken);
    await online(0);
    sock.ws.close(1000, "client disconnect"); // the SDK's disconnectUser, on sign-out
    await offline();

    const from = watcher.frames.length;
    const again = await authedSocket(s.wsUrl, s.apiKey, ana.streamToken);
    await online(from);
    await fetch(`${s.url}/api/auth`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ action: "signout", token: ana.token }),
    });
    expect((await again.closed).code).toBe(4004);
    await watcher.next(
      (f) =>
        f.type === "user.presence.changed" &&
        f.user.id === ana.user.id &&
        !f.user.online &&
        watcher.frames.indexOf(f) > from,
    );
    watcher.close();
  });
});

describe("presence grace: a user who stays away", () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ PRESENCE_GRACE_MS: "200" });
  });
  afterAll(() => s.close());

  it("is announced offline once when the grace ends", async () => {
    const { ana, bo, id, watcher } = await watchedPair(s);
    const sock = await authedSocket(s.wsUrl, s.apiKey, ana.streamToken);
    await watcher.next(
      (f) => f.type === "user.presence.changed" && f.user.id === ana.user.id && f.user.online,
    );
    sock.close();
    const offline = await watcher.next(
      (f) => f.type === "user.presence.changed" && f.user.id === ana.user.id && !f.user.online,
    );
    expect(offline.user.last_active).toEqual(expect.any(String));
    // another node learns it from the next beat, a moment later
    const onlineInQuery = async () => {
      const query = await s.chat(bo.streamToken, "POST", `/channels/messaging/${id}/query`, {});
      return query.body.members.find((m: { user_id: string }) => m.user_id === ana.user.id).user.online;
    };
    await expect.poll(onlineInQuery).toBe(false);
    // a message sent after it marks the end of what the watcher could have received
    await s.chat(bo.streamToken, "POST", `/channels/messaging/${id}/messages`, {
      message: { text: "marker" },
    });
    await watcher.next((f) => f.type === "message.new" && f.message.text === "marker");
    expect(presenceOf(watcher.frames, ana.user.id).map((f) => f.user.online)).toEqual([true, false]);
    watcher.close();
  });
});
