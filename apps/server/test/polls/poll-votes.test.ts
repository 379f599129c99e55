import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../helpers/test-server.js";
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

const setup = async (over: Record<string, unknown> = {}) => {
  const ch = await channel(s, ana, [bob, cyd]);
  return { ch, ...(await postedPoll(s, ana, ch, over)) };
};

describe("POST /messages/{messageId}/polls/{pollId}/vote", () => {
  it("casts a vote (201) with the voter and answers the poll with it", async () => {
    const { poll, messageId } = await setup();
    const r = await vote(s, bob, messageId, poll.id, poll.options[0].id);
    expect(r.status).toBe(201);
    expect(r.body.vote).toMatchObject({
      poll_id: poll.id,
      option_id: poll.options[0].id,
      is_answer: false,
      answer_text: null,
      user_id: bob.id,
      user: { id: bob.id },
    });
    expect(r.body.poll).toMatchObject({
      vote_count: 1,
      vote_counts_by_option: { [poll.options[0].id]: 1 },
      own_votes: [{ id: r.body.vote.id }],
      latest_votes_by_option: { [poll.options[0].id]: [{ id: r.body.vote.id, user_id: bob.id }] },
    });
    expect(r.body.poll.options[0].vote_count).toBe(1);
    const again = await vote(s, bob, messageId, poll.id, poll.options[0].id);
    expect(again.status).toBe(200);
    expect(again.body.vote.id).toBe(r.body.vote.id);
    expect(again.body.poll.vote_count).toBe(1);
  });

  it("lets a user vote for several options when nothing caps it", async () => {
    const { poll, messageId } = await setup();
    for (const o of poll.options) expect((await vote(s, bob, messageId, poll.id, o.id)).status).toBe(201);
    const r = await s.chat(bob.token, "GET", `/polls/${poll.id}`);
    expect(r.body.poll.own_votes).toHaveLength(3);
    expect(r.body.poll.vote_count).toBe(3);
  });

  it("enforce_unique_vote: a new vote replaces the previous one", async () => {
    const { poll, messageId } = await setup({ enforce_unique_vote: true });
    const first = await vote(s, bob, messageId, poll.id, poll.options[0].id);
    const second = await vote(s, bob, messageId, poll.id, poll.options[1].id);
    expect(second.status).toBe(200);
    expect(second.body.vote).toMatchObject({ id: first.body.vote.id, option_id: poll.options[1].id });
    expect(second.body.poll).toMatchObject({
      vote_count: 1,
      vote_counts_by_option: { [poll.options[0].id]: 0, [poll.options[1].id]: 1 },
      own_votes: [{ option_id: poll.options[1].id }],
    });
  });

  it("max_votes_allowed caps a user's votes", async () => {
    const { poll, messageId } = await setup({ max_votes_allowed: 2 });
    expect((await vote(s, bob, messageId, poll.id, poll.options[0].id)).status).toBe(201);
    expect((await vote(s, bob, messageId, poll.id, poll.options[1].id)).status).toBe(201);
    const third = await vote(s, bob, messageId, poll.id, poll.options[2].id);
    expect(third.status).toBe(400);
    expect(third.body.error.message).toMatch(/at most 2 votes/);
    expect((await vote(s, cyd, messageId, poll.id, poll.options[2].id)).status).toBe(201);
  });

  it("takes one free-text answer per user, replaced on re-answer, when allowed", async () => {
    const { poll, messageId } = await setup({ allow_answers: true });
    const a = await answer(s, bob, messageId, poll.id, "  Thai please ");
    expect(a.status).toBe(201);
    expect(a.body.vote).toMatchObject({
      is_answer: true,
      answer_text: "Thai please",
      option_id: null,
      user_id: bob.id,
    });
    const b = await answer(s, bob, messageId, poll.id, "Actually Indian");
    expect(b.status).toBe(200);
    expect(b.body.vote).toMatchObject({ id: a.body.vote.id, answer_text: "Actually Indian" });
    await answer(s, cyd, messageId, poll.id, "Greek");
    const p = (await s.chat(ana.token, "GET", `/polls/${poll.id}`)).body.poll;
    expect(p.answers_count).toBe(2);
    expect(p.vote_count).toBe(0);
    expect(p.latest_answers.map((v: { answer_text: string }) => v.answer_text)).toEqual([
      "Greek",
      "Actually Indian",
    ]);
    const { poll: noAnswers, messageId: m2 } = await setup();
    const refused = await answer(s, bob, m2, noAnswers.id, "hi");
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toMatch(/does not take answers/);
  });

  it.each([
    ["both fields", { vote: { option_id: "x", answer_text: "y" } }],
    ["neither field", { vote: {} }],
    ["an empty answer", { vote: { answer_text: "  " } }],
    ["no vote", {}],
  ])("refuses %s with 400", async (_n, body) => {
    const { poll, messageId } = await setup({ allow_answers: true });
    const r = await s.chat(bob.token, "POST", votePath(messageId, poll.id), body);
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe("validation");
  });

  it("refuses an unknown option, an option of another poll, another message's poll, unknown ids", async () => {
    const { ch, poll, messageId } = await setup();
    const other = await postedPoll(s, ana, ch);
    const unknown = await vote(s, bob, messageId, poll.id, "nope");
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields).toHaveProperty("vote.option_id");
    expect((await vote(s, bob, messageId, poll.id, other.poll.options[0].id)).status).toBe(400);
    const mismatch = await vote(s, bob, other.messageId, poll.id, poll.options[0].id);
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error.message).toMatch(/not attached to message/);
    const plain = await s.chat(ana.token, "POST", `${ch.path}/messages`, { message: { text: "no poll" } });
    expect((await vote(s, bob, plain.body.message.id, poll.id, poll.options[0].id)).status).toBe(400);
    expect((await vote(s, bob, "nope", poll.id, poll.options[0].id)).status).toBe(404);
    expect((await vote(s, bob, messageId, "nope", poll.options[0].id)).status).toBe(404);
  });

  it("refuses votes on a deleted message", async () => {
    const { poll, messageId } = await setup();
    const v = await vote(s, bob, messageId, poll.id, poll.options[0].id);
    await s.chat(ana.token, "DELETE", `/messages/${messageId}`);
    const r = await vote(s, bob, messageId, poll.id, poll.options[1].id);
    expect(r.status).toBe(400);
    expect(r.body.error.message).toMatch(/deleted/);
    expect(
      (await s.chat(bob.token, "DELETE", `${votePath(messageId, poll.id)}/${v.body.vote.id}`)).status,
    ).toBe(400);
  });

  it("closing (set is_closed true) refuses every vote, unvote and answer; reopening allows them", async () => {
    const { poll, messageId } = await setup({ allow_answers: true });
    const v = await vote(s, bob, messageId, poll.id, poll.options[0].id);
    const closed = await s.chat(ana.token, "PATCH", `/polls/${poll.id}`, { set: { is_closed: true } });
    expect(closed.body.poll.is_closed).toBe(true);
    for (const r of [
      await vote(s, cyd, messageId, poll.id, poll.options[0].id),
      await answer(s, cyd, messageId, poll.id, "late"),
      await s.chat(bob.token, "DELETE", `${votePath(messageId, poll.id)}/${v.body.vote.id}`),
    ]) {
      expect(r.status).toBe(400);
      expect(r.body.error.message).toMatch(/poll is closed/);
    }
    await s.chat(ana.token, "PATCH", `/polls/${poll.id}`, { set: { is_closed: false } });
    expect((await vote(s, cyd, messageId, poll.id, poll.options[0].id)).status).toBe(201);
  });
});

describe("concurrent votes", () => {
  it("keep the rules: one vote under enforce_unique_vote, the cap under max_votes_allowed", async () => {
    const many = Array.from({ length: 6 }, (_, i) => ({ text: `option ${i}` }));
    const unique = await setup({ enforce_unique_vote: true, options: many });
    await Promise.all(
      unique.poll.options.map((o: { id: string }) => vote(s, bob, unique.messageId, unique.poll.id, o.id)),
    );
    expect((await s.chat(bob.token, "GET", `/polls/${unique.poll.id}`)).body.poll).toMatchObject({
      vote_count: 1,
    });
    const capped = await setup({ max_votes_allowed: 2, options: many });
    const results = await Promise.all(
      capped.poll.options.map((o: { id: string }) => vote(s, bob, capped.messageId, capped.poll.id, o.id)),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(2);
    expect((await s.chat(bob.token, "GET", `/polls/${capped.poll.id}`)).body.poll.vote_count).toBe(2);
  });
});

describe("DELETE /messages/{messageId}/polls/{pollId}/vote/{voteId}", () => {
  it("removes one's own vote or answer, never someone else's", async () => {
    const { poll, messageId } = await setup({ allow_answers: true });
    const v = await vote(s, bob, messageId, poll.id, poll.options[0].id);
    const a = await answer(s, bob, messageId, poll.id, "hi");
    const path = (id: string) => `${votePath(messageId, poll.id)}/${id}`;
    const theft = await s.chat(cyd.token, "DELETE", path(v.body.vote.id));
    expect(theft.status).toBe(403);
    const r = await s.chat(bob.token, "DELETE", path(v.body.vote.id));
    expect(r.status).toBe(200);
    expect(r.body.vote.id).toBe(v.body.vote.id);
    expect(r.body.poll).toMatchObject({ vote_count: 0, answers_count: 1 });
    expect((await s.chat(bob.token, "DELETE", path(a.body.vote.id))).body.poll.answers_count).toBe(0);
    expect((await s.chat(bob.token, "DELETE", path(v.body.vote.id))).status).toBe(404);
  });
});
