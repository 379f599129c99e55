import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../helpers/test-server.js";
import { authedSocket } from "../helpers/ws-client.js";
import { answer, channel, postedPoll, startPollServer, type User, vote, votePath } from "./poll-helpers.js";

let s: TestServer;
let ana: User;
let bob: User;
let cyd: User;

beforeAll(async () => {
  const w = await startPollServer(3);
  s = w.s;
  [ana, bob, cyd] = w.users as [User, User, User];
});
afterAll(() => s.close());

/** Anything a voter could be recognised by. */
const reveals = (value: unknown) => {
  const text = JSON.stringify(value);
  return [bob.id, cyd.id].some((id) => text.includes(id));
};

describe("an anonymous poll", () => {
  it("never reveals who voted: not in GET, query, votes, vote answers or events", async () => {
    const ch = await channel(s, ana, [bob, cyd]);
    const sock = await authedSocket(s.wsUrl, s.apiKey, ana.token);
    sock.send({ type: "watch", channels: [{ cid: ch.cid, since: 0 }] });
    await sock.next((f) => f.type === "watch.ok");
    const { poll, messageId } = await postedPoll(s, ana, ch, {
      voting_visibility: "anonymous",
      allow_answers: true,
    });
    const v = await vote(s, bob, messageId, poll.id, poll.options[0].id);
    expect(v.status).toBe(201);
    expect(v.body.vote).toMatchObject({ user_id: null, user: null });
    await vote(s, cyd, messageId, poll.id, poll.options[1].id);
    await answer(s, cyd, messageId, poll.id, "secret idea");
    await s.chat(bob.token, "DELETE", `${votePath(messageId, poll.id)}/${v.body.vote.id}`);
    await vote(s, bob, messageId, poll.id, poll.options[1].id);
    await s.chat(ana.token, "POST", `${ch.path}/messages`, { message: { text: "marker" } });
    await sock.next((f) => f.type === "message.new" && f.message.text === "marker");
    const events = sock.frames.filter((f) => String(f.type).startsWith("poll."));
    expect(events).toHaveLength(5);
    for (const e of events) {
      expect(e.poll_vote).toMatchObject({ user_id: null, user: null });
      expect(e.poll.latest_votes_by_option).toBeNull();
    }
    expect(reveals(events)).toBe(false);
    sock.close();

    const got = await s.chat(ana.token, "GET", `/polls/${poll.id}`);
    expect(got.body.poll).toMatchObject({ vote_count: 2, answers_count: 1, latest_votes_by_option: null });
    expect(got.body.poll.latest_answers[0]).toMatchObject({
      answer_text: "secret idea",
      user_id: null,
      user: null,
    });
    expect(reveals(got.body)).toBe(false);
    const queried = await s.chat(ana.token, "POST", "/polls/query", { filter: { id: poll.id } });
    expect(queried.body.polls).toHaveLength(1);
    expect(reveals(queried.body)).toBe(false);
    const votes = await s.chat(ana.token, "POST", `/polls/${poll.id}/votes`, {});
    expect(votes.body.votes).toHaveLength(3);
    expect(reveals(votes.body)).toBe(false);
    const answers = await s.chat(ana.token, "POST", `/polls/${poll.id}/votes`, {
      filter: { is_answer: true },
    });
    expect(answers.body.votes).toMatchObject([{ answer_text: "secret idea", user_id: null }]);
    const message = await s.chat(ana.token, "GET", `/messages/${messageId}`);
    expect(reveals(message.body.message.poll)).toBe(false);

    const probe = await s.chat(ana.token, "POST", `/polls/${poll.id}/votes`, { filter: { user_id: bob.id } });
    expect(probe.status).toBe(400);
    const own = await s.chat(bob.token, "POST", `/polls/${poll.id}/votes`, { filter: { user_id: bob.id } });
    expect(own.status).toBe(200);
    expect(own.body.votes).toHaveLength(1);
    expect((await s.chat(bob.token, "GET", `/polls/${poll.id}`)).body.poll.own_votes).toHaveLength(1);
  });

  it("cannot become public once it has votes", async () => {
    const ch = await channel(s, ana, [bob]);
    const { poll, messageId } = await postedPoll(s, ana, ch, { voting_visibility: "anonymous" });
    const early = await s.chat(ana.token, "PATCH", `/polls/${poll.id}`, {
      set: { voting_visibility: "public" },
    });
    expect(early.status).toBe(200);
    await s.chat(ana.token, "PATCH", `/polls/${poll.id}`, { set: { voting_visibility: "anonymous" } });
    await vote(s, bob, messageId, poll.id, poll.options[0].id);
    for (const body of [{ set: { voting_visibility: "public" } }, { unset: ["voting_visibility"] }]) {
      const r = await s.chat(ana.token, "PATCH", `/polls/${poll.id}`, body);
      expect(r.status).toBe(400);
      expect(r.body.error.message).toMatch(/reveal who voted/);
    }
    const put = await s.chat(ana.token, "PUT", "/polls", { id: poll.id, name: "n" });
    expect(put.status).toBe(400);
  });
});
