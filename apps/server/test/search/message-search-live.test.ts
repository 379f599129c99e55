import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestServer, type TestServer, uniqueName } from "../helpers/test-server.js";
import { ids, markUserDeleted, searchMessages } from "./search-helpers.js";

/** The rules that depend on what happens after a message is written, driven through the API. */
let s: TestServer;
let ana: { token: string; id: string };
let bob: { token: string; id: string; name: string };

beforeAll(async () => {
  s = await startTestServer();
  const [a, b] = await Promise.all([s.signup(), s.signup()]);
  ana = { token: a.streamToken, id: a.user.id };
  bob = { token: b.streamToken, id: b.user.id, name: b.user.displayName };
});
afterAll(async () => {
  await s?.close();
});

async function channelWith(owner: { token: string }, members: string[], type = "messaging") {
  const id = uniqueName("c");
  const r = await s.chat(owner.token, "POST", `/channels/${type}/${id}/query`, { data: { members } });
  expect(r.status).toBe(200);
  return { type, id, path: `/channels/${type}/${id}` };
}

async function send(who: { token: string }, path: string, text: string): Promise<string> {
  const r = await s.chat(who.token, "POST", `${path}/messages`, { message: { text } });
  expect(r.status).toBe(201);
  return r.body.message.id as string;
}

const find = async (who: { token: string }, q: string) =>
  ids((await searchMessages(s, who.token, { q, limit: 100 })).results);

describe("message search follows the data as it changes", () => {
  test("a message is found the moment it is sent (the index is kept current by triggers)", async () => {
    const c = await channelWith(ana, [bob.id]);
    const word = uniqueName("fresh");
    const id = await send(ana, c.path, `brand ${word} news`);
    expect(await find(ana, word)).toEqual([id]);
    expect(await find(bob, word)).toEqual([id]);
  });

  test("membership at query time: after leaving a channel its messages are no longer found", async () => {
    const c = await channelWith(ana, [bob.id]);
    const word = uniqueName("leave");
    const id = await send(ana, c.path, `${word} before leaving`);
    expect(await find(bob, word)).toEqual([id]);
    expect((await s.chat(bob.token, "POST", `${c.path}/leave`, {})).status).toBe(200);
    expect(await find(bob, word)).toEqual([]);
    expect(await find(ana, word)).toEqual([id]);
  });

  test("membership at query time: a removed member stops finding the channel, and finds it again when re-added", async () => {
    const c = await channelWith(ana, [bob.id]);
    const word = uniqueName("removed");
    const id = await send(bob, c.path, `${word} from bob`);
    expect(await find(bob, word)).toEqual([id]);
    expect((await s.chat(ana.token, "POST", `${c.path}/members`, { remove: [bob.id] })).status).toBe(200);
    expect(await find(bob, word)).toEqual([]);
    expect((await s.chat(ana.token, "POST", `${c.path}/members`, { add: [bob.id] })).status).toBe(200);
    expect(await find(bob, word)).toEqual([id]);
  });

  test("membership at query time: a public (team) channel the user never joined is not searched", async () => {
    const c = await channelWith(ana, [], "team");
    const word = uniqueName("team");
    const id = await send(ana, c.path, `${word} in the open`);
    expect(await find(bob, word)).toEqual([]);
    expect((await s.chat(bob.token, "POST", `${c.path}/join`, {})).status).toBe(200);
    expect(await find(bob, word)).toEqual([id]);
  });

  test("a deleted message is never found, by its author or anyone else", async () => {
    const c = await channelWith(ana, [bob.id]);
    const word = uniqueName("deleted");
    const gone = await send(ana, c.path, `${word} regrettable`);
    const kept = await send(ana, c.path, `${word} fine`);
    expect((await s.chat(ana.token, "DELETE", `/messages/${gone}`)).status).toBe(200);
    expect(await find(ana, word)).toEqual([kept]);
    expect(await find(bob, word)).toEqual([kept]);
    expect(await find(ana, "regrettable")).toEqual([]);
  });

  test("an edited message is found by its new words and no longer by its old ones", async () => {
    const c = await channelWith(ana, [bob.id]);
    const before = uniqueName("before");
    const after = uniqueName("after");
    const id = await send(ana, c.path, `${before} draft`);
    expect(
      (await s.chat(ana.token, "PUT", `/messages/${id}`, { message: { text: `${after} final` } })).status,
    ).toBe(200);
    expect(await find(ana, before)).toEqual([]);
    expect(await find(ana, after)).toEqual([id]);
  });

  test("messages from before a channel's truncation are not found; later ones are", async () => {
    const c = await channelWith(ana, [bob.id]);
    const word = uniqueName("trunc");
    await send(ana, c.path, `${word} old`);
    expect((await s.chat(ana.token, "POST", `${c.path}/truncate`, {})).status).toBe(200);
    const fresh = await send(ana, c.path, `${word} new`);
    expect(await find(bob, word)).toEqual([fresh]);
  });

  test("a deleted channel's messages are not found", async () => {
    const c = await channelWith(ana, [bob.id]);
    const word = uniqueName("chdel");
    await send(bob, c.path, `${word} soon gone`);
    expect((await s.chat(ana.token, "DELETE", c.path)).status).toBe(200);
    expect(await find(bob, word)).toEqual([]);
  });

  test("a deleted author's messages show 'Deleted user' with no picture", async () => {
    const carl = await s.signup();
    const c = await channelWith(ana, [carl.user.id]);
    const word = uniqueName("author");
    await send({ token: carl.streamToken }, c.path, `${word} said by carl`);
    await markUserDeleted(s, carl.user.id);
    const [r] = (await searchMessages(s, ana.token, { q: word })).results;
    expect(r!.message.user).toEqual({ id: carl.user.id, name: "Deleted user", image: "" });
  });

  test("a result names the users its text mentions, a deleted one as 'Deleted user'", async () => {
    const carl = await s.signup();
    const c = await channelWith(ana, [bob.id, carl.user.id]);
    const word = uniqueName("mention");
    const r = await s.chat(ana.token, "POST", `${c.path}/messages`, {
      message: { text: `@${carl.user.id} and @${bob.id}: ${word}`, mentioned_users: [carl.user.id, bob.id] },
    });
    expect(r.status).toBe(201);
    await markUserDeleted(s, carl.user.id);
    const [hit] = (await searchMessages(s, ana.token, { q: word })).results;
    expect(hit!.message.mentioned_users).toEqual([
      { id: carl.user.id, name: "Deleted user", image: "" },
      { id: bob.id, name: bob.name, image: "" },
    ]);
  });

  test("a server-side token searches as the user named by user_id", async () => {
    const c = await channelWith(ana, []);
    const word = uniqueName("server");
    const id = await send(ana, c.path, `${word} private to ana`);
    const server = await s.serverToken();
    const asAna = await s.chat(server, "GET", `/search/messages?q=${word}&user_id=${ana.id}`);
    const asBob = await s.chat(server, "GET", `/search/messages?q=${word}&user_id=${bob.id}`);
    expect(ids(asAna.body.results)).toEqual([id]);
    expect(asBob.body.results).toEqual([]);
  });

  test("search needs authentication like every chat call", async () => {
    const r = await s.chat("", "GET", "/search/messages?q=hello");
    expect(r.status).toBe(401);
  });
});
