import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../helpers/test-server.js";
import {
  channel,
  createPoll,
  pollBody,
  postedPoll,
  startPollServer,
  type User,
  vote,
  votePath,
} from "./poll-helpers.js";

let s: TestServer;
let admin: User;
let ana: User;
let bob: User;
let cyd: User;
let eve: User;

beforeAll(async () => {
  const w = await startPollServer(4);
  s = w.s;
  admin = w.admin;
  [ana, bob, cyd, eve] = w.users as [User, User, User, User];
});
afterAll(() => s.close());

describe("a non-member of the poll's channel", () => {
  it("gets 403 for every poll call", async () => {
    const ch = await channel(s, ana, [bob]);
    const { poll, messageId } = await postedPoll(s, ana, ch, {
      allow_answers: true,
      allow_user_suggested_options: true,
    });
    const v = await vote(s, bob, messageId, poll.id, poll.options[0].id);
    const opt = poll.options[0].id;
    const calls: [string, string, unknown?][] = [
      ["GET", `/polls/${poll.id}`],
      ["PUT", "/polls", pollBody({ id: poll.id })],
      ["PATCH", `/polls/${poll.id}`, { set: { is_closed: true } }],
      ["DELETE", `/polls/${poll.id}`],
      ["POST", `/polls/${poll.id}/options`, { text: "Curry" }],
      ["PUT", `/polls/${poll.id}/options`, { id: opt, text: "Mine" }],
      ["GET", `/polls/${poll.id}/options/${opt}`],
      ["DELETE", `/polls/${poll.id}/options/${opt}`],
      ["POST", votePath(messageId, poll.id), { vote: { option_id: opt } }],
      ["POST", votePath(messageId, poll.id), { vote: { answer_text: "hi" } }],
      ["DELETE", `${votePath(messageId, poll.id)}/${v.body.vote.id}`],
      ["POST", `/polls/${poll.id}/votes`, {}],
      ["POST", "/polls/query", { filter: { cid: ch.cid } }],
    ];
    for (const [method, path, body] of calls) {
      const r = await s.chat(eve.token, method, path, body);
      expect([method, path, r.status]).toEqual([method, path, 403]);
      expect(r.body.error.code).toBe("forbidden");
    }
    const listed = await s.chat(eve.token, "POST", "/polls/query", { filter: { id: poll.id } });
    expect(listed.body.polls).toEqual([]);
    const sent = await s.chat(eve.token, "POST", `${ch.path}/messages`, {
      message: { text: "x", poll_id: poll.id },
    });
    expect(sent.status).toBe(403);
  });

  it("of a team channel may see a poll but must join to vote", async () => {
    const ch = await channel(s, ana, [], "team");
    const { poll, messageId } = await postedPoll(s, ana, ch);
    expect((await s.chat(eve.token, "GET", `/polls/${poll.id}`)).status).toBe(200);
    expect((await vote(s, eve, messageId, poll.id, poll.options[0].id)).status).toBe(403);
    await s.chat(eve.token, "POST", `${ch.path}/join`);
    expect((await vote(s, eve, messageId, poll.id, poll.options[0].id)).status).toBe(201);
  });
});

describe("who may edit, close, reopen and delete", () => {
  it("the creator, the channel's owner and admins; not other members", async () => {
    const ch = await channel(s, ana, [bob, cyd]);
    const { poll } = await postedPoll(s, bob, ch);
    const patch = (u: User, closed: boolean) =>
      s.chat(u.token, "PATCH", `/polls/${poll.id}`, { set: { is_closed: closed } });
    const denied = await patch(cyd, true);
    expect(denied.status).toBe(403);
    expect(denied.body.error.message).toMatch(/creator, a channel moderator or an admin/);
    expect((await s.chat(cyd.token, "DELETE", `/polls/${poll.id}`)).status).toBe(403);
    expect((await patch(bob, true)).status).toBe(200);
    expect((await patch(ana, false)).status).toBe(200);
    expect((await patch(admin, true)).status).toBe(200);
    expect((await s.chat(admin.token, "GET", `/polls/${poll.id}`)).status).toBe(200);
    expect((await s.chat(ana.token, "DELETE", `/polls/${poll.id}`)).status).toBe(200);
  });

  it("a creator who left the channel no longer sees or edits their poll", async () => {
    const ch = await channel(s, ana, [bob]);
    const { poll } = await postedPoll(s, bob, ch);
    await s.chat(bob.token, "POST", `${ch.path}/leave`);
    expect((await s.chat(bob.token, "GET", `/polls/${poll.id}`)).status).toBe(403);
    expect((await s.chat(bob.token, "PATCH", `/polls/${poll.id}`, { set: { name: "x" } })).status).toBe(403);
  });

  it("before it is posted, only the creator (and admins) may edit it", async () => {
    const poll = await createPoll(s, ana);
    expect((await s.chat(bob.token, "PATCH", `/polls/${poll.id}`, { set: { name: "x" } })).status).toBe(403);
    expect((await s.chat(admin.token, "PATCH", `/polls/${poll.id}`, { set: { name: "y" } })).status).toBe(
      200,
    );
  });
});

describe("user_id", () => {
  it("is refused (403) from a user token, in the body or the query", async () => {
    const ch = await channel(s, ana, [bob]);
    const { poll, messageId } = await postedPoll(s, ana, ch);
    const calls: [string, string, unknown?][] = [
      ["POST", "/polls", { ...pollBody(), user_id: bob.id }],
      ["GET", `/polls/${poll.id}?user_id=${bob.id}`],
      ["PATCH", `/polls/${poll.id}`, { set: { name: "x" }, user_id: bob.id }],
      ["DELETE", `/polls/${poll.id}?user_id=${bob.id}`],
      ["POST", `/polls/${poll.id}/options`, { text: "Curry", user_id: bob.id }],
      ["POST", votePath(messageId, poll.id), { vote: { option_id: poll.options[0].id }, user_id: bob.id }],
      ["POST", `/polls/query?user_id=${bob.id}`, {}],
    ];
    for (const [method, path, body] of calls) {
      const r = await s.chat(ana.token, method, path, body);
      expect([method, path, r.status]).toEqual([method, path, 403]);
    }
    expect((await s.chat(ana.token, "GET", `/polls/${poll.id}`)).body.poll.vote_count).toBe(0);
  });

  it("is honoured with a server-side token", async () => {
    const server = await s.serverToken();
    const ch = await channel(s, ana, [bob]);
    const created = await s.chat(server, "POST", "/polls", { ...pollBody(), user_id: bob.id });
    expect(created.status).toBe(201);
    expect(created.body.poll.created_by_id).toBe(bob.id);
    const poll = created.body.poll;
    const sent = await s.chat(server, "POST", `${ch.path}/messages?user_id=${bob.id}`, {
      message: { text: "poll", poll_id: poll.id },
    });
    expect(sent.status).toBe(201);
    const v = await s.chat(server, "POST", votePath(sent.body.message.id, poll.id), {
      vote: { option_id: poll.options[0].id },
      user_id: ana.id,
    });
    expect(v.status).toBe(201);
    expect(v.body.vote.user_id).toBe(ana.id);
    const mine = await s.chat(server, "POST", `/polls/query?user_id=${ana.id}`, { filter: { id: poll.id } });
    expect(mine.body.polls[0].own_votes).toHaveLength(1);
    const closed = await s.chat(server, "PATCH", `/polls/${poll.id}`, {
      set: { is_closed: true },
      user_id: bob.id,
    });
    expect(closed.body.poll.is_closed).toBe(true);
  });
});
