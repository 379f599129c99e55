/**
 * Favourites: a member stars a channel (`PUT /chat/channels/{type}/{id}/star`); the star is the
 * member's own (in their membership, in channel states and lists), reaches their other sockets as
 * `channel.starred_updated` and nobody else's, and only a member may star.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, type TestUser, uniqueName } from "../helpers/test-server.js";
import { authedSocket, type RawSocket } from "../helpers/ws-client.js";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

async function channel(owner: TestUser, others: TestUser[], type = "messaging") {
  const id = uniqueName("fav");
  const path = `/channels/${type}/${id}`;
  await s.chat(owner.token, "POST", `${path}/query`, {
    data: { name: `Favourite ${id}`, members: [owner.id, ...others.map((o) => o.id)] },
  });
  return { path, cid: `${type}:${id}` };
}

const star = (user: TestUser, path: string, starred: unknown) =>
  s.chat(user.token, "PUT", `${path}/star`, { starred });
const membershipOf = async (user: TestUser, path: string) =>
  (await s.chat(user.token, "POST", `${path}/query`, {})).body.membership;
const listedOf = async (user: TestUser, cid: string) =>
  (await s.chat(user.token, "POST", "/channels", { limit: 30 })).body.channels.find(
    (c: any) => c.channel.cid === cid,
  ).membership;

async function watching(user: TestUser, cid: string): Promise<RawSocket> {
  const sock = await authedSocket(s.wsUrl, s.apiKey, user.token);
  sock.send({ type: "watch", req_id: "w", channels: [{ cid }] });
  await sock.next((f) => f.type === "watch.ok");
  return sock;
}

describe("favourites", () => {
  it("a star is the member's own: answered, kept in states and lists, undone by unstarring", async () => {
    const [ana, bob] = await s.users(2);
    const ch = await channel(ana!, [bob!]);
    expect((await membershipOf(ana!, ch.path)).starred).toBe(false);

    const res = await star(ana!, ch.path, true);
    expect(res.status).toBe(200);
    expect(res.body.membership).toMatchObject({ user_id: ana!.id, starred: true });
    expect((await membershipOf(ana!, ch.path)).starred).toBe(true);
    expect((await listedOf(ana!, ch.cid)).starred).toBe(true);
    expect((await membershipOf(bob!, ch.path)).starred).toBe(false);
    // Starring again changes nothing; the mute and the level stay as they were.
    expect((await star(ana!, ch.path, true)).body.membership.starred).toBe(true);
    await s.chat(ana!.token, "POST", `${ch.path}/mute`, {});
    expect(await membershipOf(ana!, ch.path)).toMatchObject({ starred: true, muted: true });

    expect((await star(ana!, ch.path, false)).body.membership.starred).toBe(false);
    expect((await listedOf(ana!, ch.cid)).starred).toBe(false);
  });

  it("reaches the member's other sockets as channel.starred_updated, and no one else's", async () => {
    const [ana, bob] = await s.users(2);
    const ch = await channel(ana!, [bob!]);
    const [tab1, tab2, bobSock] = await Promise.all([
      authedSocket(s.wsUrl, s.apiKey, ana!.token),
      authedSocket(s.wsUrl, s.apiKey, ana!.token),
      watching(bob!, ch.cid),
    ]);
    await star(ana!, ch.path, true);
    for (const tab of [tab1, tab2]) {
      const e = await tab.next((f) => f.type === "channel.starred_updated");
      expect(e).toMatchObject({ cid: ch.cid, starred: true });
      expect(typeof e.created_at).toBe("string");
    }
    await star(ana!, ch.path, false);
    await tab1.next((f) => f.type === "channel.starred_updated" && f.starred === false);

    // Everything sent before the marker has arrived at Bob by the time the marker has.
    const marker = (await s.chat(ana!.token, "POST", `${ch.path}/messages`, { message: { text: "marker" } }))
      .body.message;
    await bobSock.next((f) => f.type === "message.new" && f.message.id === marker.id);
    expect(bobSock.frames.filter((f) => f.type === "channel.starred_updated")).toEqual([]);
    for (const sock of [tab1, tab2, bobSock]) sock.close();
  });

  it("only a member stars: a team channel not joined is forbidden, a missing one not found", async () => {
    const [ana, bob, cyd] = await s.users(3);
    const team = await channel(ana!, [bob!], "team");
    const res = await star(cyd!, team.path, true);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("forbidden");
    // Joining makes it starrable; leaving forgets the star.
    await s.chat(cyd!.token, "POST", `${team.path}/join`);
    expect((await star(cyd!, team.path, true)).body.membership.starred).toBe(true);
    await s.chat(cyd!.token, "POST", `${team.path}/leave`);
    await s.chat(cyd!.token, "POST", `${team.path}/join`);
    expect((await membershipOf(cyd!, team.path)).starred).toBe(false);

    const missing = await star(ana!, `/channels/messaging/${uniqueName("none")}`, true);
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe("not_found");
  });

  it("answers 400 validation for a body that is not { starred: boolean }", async () => {
    const [ana] = await s.users(1);
    const ch = await channel(ana!, []);
    for (const body of [{}, { starred: "yes" }, { starred: 1 }, { starred: true, extra: 1 }]) {
      const res = await s.chat(ana!.token, "PUT", `${ch.path}/star`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe("validation");
    }
    expect((await membershipOf(ana!, ch.path)).starred).toBe(false);
  });
});
