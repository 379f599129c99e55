import type { MessageResponse } from "@parley/protocol";
/**
 * System messages: joins, leaves, member changes, renames, picture and topic changes post a
 * message of type `system` in the change's unit of work, with the channel's next seq, replayed on
 * resume like any event; never unread, never moving a read position or the channel's activity,
 * never found by search, never editable or replied to.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, type TestUser, uniqueName } from "../helpers/test-server.js";
import { authedSocket, type RawSocket } from "../helpers/ws-client.js";

let s: TestServer;
let ana: TestUser;
let bob: TestUser;
let cy: TestUser;
let dee: TestUser;

beforeAll(async () => {
  s = await startTestServer();
  const made = await Promise.all(["Ana", "Bob", "Cy", "Dee"].map((n) => s.signup(uniqueName(n), n)));
  [ana, bob, cy, dee] = made.map((a) => ({ token: a.streamToken, id: a.user.id })) as TestUser[] as [
    TestUser,
    TestUser,
    TestUser,
    TestUser,
  ];
});
afterAll(() => s.close());

async function group(members: TestUser[], type = "messaging", name = "general") {
  const id = uniqueName("sys");
  const r = await s.chat(ana.token, "POST", `/channels/${type}/${id}/query`, {
    data: { name, members: members.map((m) => m.id) },
  });
  expect(r.status).toBe(200);
  return { id, cid: `${type}:${id}`, path: `/channels/${type}/${id}`, lastSeq: r.body.last_seq as number };
}

async function watching(user: TestUser, cid: string, since?: number): Promise<RawSocket> {
  const sock = await authedSocket(s.wsUrl, s.apiKey, user.token);
  sock.send({ type: "watch", req_id: "w", channels: [{ cid, ...(since === undefined ? {} : { since }) }] });
  await sock.next((f) => f.type === "watch.ok");
  return sock;
}

const systemFrames = (sock: RawSocket) =>
  sock.frames.filter((f) => f.type === "message.new" && f.message.type === "system");

async function messages(token: string, path: string) {
  const r = await s.chat(token, "GET", `${path}/messages?limit=100`);
  expect(r.status).toBe(200);
  return r.body.messages as MessageResponse[];
}

describe("system messages", () => {
  it("announce a rename, a new picture and a topic in the update's unit of work, each with its seq", async () => {
    const ch = await group([bob]);
    const sock = await watching(bob, ch.cid);
    const r = await s.chat(ana.token, "PATCH", ch.path, {
      set: { name: "roadmap", image: "https://example.com/a.png", topic: "  Plans for Q3  " },
    });
    expect(r.status).toBe(200);
    expect(r.body.channel).toMatchObject({ name: "roadmap", topic: "Plans for Q3" });
    await sock.next((f) => f.type === "message.new" && f.message.system?.kind === "channel_topic_changed");
    const frames = sock.frames.filter((f) => f.cid === ch.cid && typeof f.seq === "number");
    expect(frames.map((f) => f.type)).toEqual([
      "channel.updated",
      "message.new",
      "message.new",
      "message.new",
    ]);
    expect(frames.map((f) => f.seq)).toEqual(frames.map((_, i) => ch.lastSeq + 1 + i));
    expect(frames[1].message).toMatchObject({
      type: "system",
      seq: frames[1].seq,
      user: { id: ana.id },
      text: 'Ana renamed the channel from "general" to "roadmap"',
      system: { kind: "channel_renamed", actor_id: ana.id, targets: [], from: "general", to: "roadmap" },
    });
    expect(frames[2].message.system).toMatchObject({
      kind: "channel_image_changed",
      from: "",
      to: "https://example.com/a.png",
    });
    expect(frames[3].message).toMatchObject({
      text: "Ana set the topic: Plans for Q3",
      system: { kind: "channel_topic_changed", from: "", to: "Plans for Q3" },
    });
    // History answers them like any message, with the structured change.
    const stored = (await messages(bob.token, ch.path)).filter((m) => m.type === "system");
    expect(stored.map((m) => m.system?.kind)).toEqual([
      "channel_renamed",
      "channel_image_changed",
      "channel_topic_changed",
    ]);
    // The topic is part of the channel everywhere it is answered.
    const state = await s.chat(bob.token, "POST", `${ch.path}/query`, {});
    expect(state.body.channel.topic).toBe("Plans for Q3");
    sock.close();
  });

  it("post nothing for an update that changes nothing, and announce a cleared topic", async () => {
    const ch = await group([bob]);
    await s.chat(ana.token, "PATCH", ch.path, { set: { topic: "Launch" } });
    await s.chat(ana.token, "PATCH", ch.path, { set: { name: "general", topic: "Launch" } });
    await s.chat(ana.token, "PATCH", ch.path, { set: { topic: "" } });
    const system = (await messages(ana.token, ch.path)).filter((m) => m.type === "system");
    expect(system.map((m) => m.text)).toEqual(["Ana set the topic: Launch", "Ana cleared the topic"]);
  });

  it("refuse a topic of more than one line or too long", async () => {
    const ch = await group([bob]);
    for (const topic of ["one\ntwo", "x".repeat(251)]) {
      const r = await s.chat(ana.token, "PATCH", ch.path, { set: { topic } });
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe("validation");
    }
  });

  it("announce members added, removed, leaving and joining", async () => {
    const ch = await group([bob]);
    const sock = await watching(bob, ch.cid);
    expect((await s.chat(ana.token, "POST", `${ch.path}/members`, { add: [cy.id, dee.id] })).status).toBe(
      200,
    );
    expect((await s.chat(ana.token, "POST", `${ch.path}/members`, { remove: [dee.id] })).status).toBe(200);
    expect((await s.chat(cy.token, "POST", `${ch.path}/leave`)).status).toBe(200);
    await sock.next((f) => f.message?.system?.kind === "member_left");
    const system = systemFrames(sock).map((f) => f.message);
    expect(
      system.map((m) => [m.system.kind, m.user.id, m.system.targets.map((t: { id: string }) => t.id)]),
    ).toEqual([
      ["member_added", ana.id, [cy.id, dee.id]],
      ["member_removed", ana.id, [dee.id]],
      ["member_left", cy.id, []],
    ]);
    expect(system.map((m) => m.text)).toEqual([
      "Ana added Cy and Dee",
      "Ana removed Dee",
      "Cy left the channel",
    ]);
    // Each comes after the member events of its change, in the same seq order.
    const seqs = sock.frames.filter((f) => f.cid === ch.cid && typeof f.seq === "number").map((f) => f.seq);
    expect(seqs).toEqual(seqs.map((_, i) => ch.lastSeq + 1 + i));
    sock.close();

    const team = await group([], "team", "town-square");
    expect((await s.chat(bob.token, "POST", `${team.path}/join`)).status).toBe(200);
    const joined = (await messages(bob.token, team.path)).filter((m) => m.type === "system");
    expect(joined).toEqual([
      expect.objectContaining({
        text: "Bob joined the channel",
        user: expect.objectContaining({ id: bob.id }),
      }),
    ]);
  });

  it("are replayed on resume like any event", async () => {
    const ch = await group([bob]);
    const first = await watching(bob, ch.cid);
    first.close();
    await first.closed;
    await s.chat(ana.token, "PATCH", ch.path, { set: { name: "while-away" } });
    await s.chat(ana.token, "POST", `${ch.path}/messages`, { message: { text: "after the rename" } });
    const back = await authedSocket(s.wsUrl, s.apiKey, bob.token);
    back.send({ type: "watch", channels: [{ cid: ch.cid, since: ch.lastSeq }] });
    expect((await back.next((f) => f.type === "watch.ok")).replayed).toBe(3);
    await back.next((f) => f.type === "message.new" && f.message.text === "after the rename");
    const replayed = back.frames.filter((f) => f.cid === ch.cid && typeof f.seq === "number");
    expect(replayed.map((f) => [f.type, f.message?.type])).toEqual([
      ["channel.updated", undefined],
      ["message.new", "system"],
      ["message.new", "regular"],
    ]);
    expect(replayed[1].message.system).toMatchObject({ kind: "channel_renamed", to: "while-away" });
    expect(replayed.map((f) => f.seq)).toEqual([ch.lastSeq + 1, ch.lastSeq + 2, ch.lastSeq + 3]);
    back.close();
  });

  it("are never unread, move no read position and leave the channel's activity alone", async () => {
    const ch = await group([bob]);
    await s.chat(bob.token, "POST", `${ch.path}/messages`, { message: { text: "one" } });
    await s.chat(bob.token, "POST", `${ch.path}/messages`, { message: { text: "two" } });
    const before = (await s.chat(ana.token, "POST", `${ch.path}/query`, {})).body.channel;
    await s.chat(ana.token, "PATCH", ch.path, { set: { name: "renamed", topic: "news" } });
    await s.chat(ana.token, "POST", `${ch.path}/members`, { add: [cy.id] });
    // Ana's own changes did not read Bob's two messages for her; nobody else has anything unread.
    const unread = async (u: TestUser) =>
      (await s.chat(u.token, "GET", "/unread")).body.channels.find((c: any) => c.cid === ch.cid);
    expect(await unread(ana)).toMatchObject({ unread_count: 2 });
    expect(await unread(bob)).toMatchObject({ unread_count: 0 });
    expect(await unread(cy)).toMatchObject({ unread_count: 0 });
    const state = (await s.chat(bob.token, "POST", `${ch.path}/query`, {})).body;
    expect(state.read.find((r: any) => r.user_id === ana.id)).toMatchObject({ unread_messages: 2 });
    expect(state.read.find((r: any) => r.user_id === bob.id)).toMatchObject({ unread_messages: 0 });
    expect(state.channel.last_message_at).toBe(before.last_message_at);
    expect((await s.chat(cy.token, "GET", "/me")).status).toBe(200);
  });

  it("are never found by search", async () => {
    const word = `zq${uniqueName("w").toLowerCase()}`;
    const ch = await group([bob]);
    await s.chat(ana.token, "PATCH", ch.path, { set: { name: word, topic: `${word} topic` } });
    await s.chat(ana.token, "POST", `${ch.path}/messages`, { message: { text: `${word} regular` } });
    const r = await s.chat(bob.token, "GET", `/search/messages?q=${word}&limit=100`);
    expect(r.status).toBe(200);
    expect(r.body.results.map((x: any) => x.message.text)).toEqual([`${word} regular`]);
  });

  it("cannot be edited or replied to", async () => {
    const ch = await group([bob]);
    await s.chat(ana.token, "PATCH", ch.path, { set: { name: "locked" } });
    const system = (await messages(ana.token, ch.path)).find((m) => m.type === "system");
    if (!system) throw new Error("the rename posted no system message");
    const edit = await s.chat(ana.token, "PUT", `/messages/${system.id}`, { message: { text: "forged" } });
    expect(edit.status).toBe(400);
    const reply = await s.chat(ana.token, "POST", `${ch.path}/messages`, {
      message: { text: "a thread", parent_id: system.id },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.error.code).toBe("validation");
  });

  it("do not notify members who are not watching the channel", async () => {
    const ch = await group([bob]);
    const sock = await authedSocket(s.wsUrl, s.apiKey, bob.token);
    await s.chat(ana.token, "PATCH", ch.path, { set: { name: "quiet", topic: "shh" } });
    await s.chat(ana.token, "POST", `${ch.path}/members`, { add: [cy.id] });
    await s.chat(ana.token, "POST", `${ch.path}/messages`, { message: { text: "loud" } });
    await sock.next((f) => f.type === "notification.message_new" && f.message.text === "loud");
    const notified = sock.frames.filter((f) => f.type === "notification.message_new" && f.cid === ch.cid);
    expect(notified.map((f) => f.message.text)).toEqual(["loud"]);
    sock.close();
  });
});
