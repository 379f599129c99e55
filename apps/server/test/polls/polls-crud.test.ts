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
} from "./poll-helpers.js";

let s: TestServer;
let ana: User;
let bob: User;

beforeAll(async () => {
  const w = await startPollServer(2);
  s = w.s;
  [ana, bob] = w.users as [User, User];
});
afterAll(() => s.close());

describe("POST /polls", () => {
  it("creates a poll with the full answer shape", async () => {
    const r = await s.chat(ana.token, "POST", "/polls", {
      ...pollBody({ description: "  friday lunch  " }),
      options: [{ text: " Pizza " }, { text: "Sushi", position: 5 }],
      allow_answers: true,
    });
    expect(r.status).toBe(201);
    const p = r.body.poll;
    expect(p).toMatchObject({
      name: "Where do we eat?",
      description: "friday lunch",
      vote_count: 0,
      answers_count: 0,
      latest_answers: [],
      own_votes: [],
      is_closed: false,
      enforce_unique_vote: false,
      max_votes_allowed: null,
      allow_answers: true,
      allow_user_suggested_options: false,
      voting_visibility: "public",
      created_by_id: ana.id,
      created_by: { id: ana.id },
      message_id: null,
      cid: null,
    });
    expect(p.options).toEqual([
      { id: expect.any(String), text: "Pizza", position: 0, vote_count: 0 },
      { id: expect.any(String), text: "Sushi", position: 5, vote_count: 0 },
    ]);
    expect(p.vote_counts_by_option).toEqual({ [p.options[0].id]: 0, [p.options[1].id]: 0 });
    expect(p.latest_votes_by_option).toEqual({ [p.options[0].id]: [], [p.options[1].id]: [] });
    expect(p.created_at).toBe(p.updated_at);
  });

  it.each([
    ["an empty name", { name: "  " }, "name"],
    ["a name over 255 characters", { name: "x".repeat(256) }, "name"],
    ["no options", { options: [] }, "options"],
    ["101 options", { options: Array.from({ length: 101 }, (_, i) => ({ text: `o${i}` })) }, "options"],
    ["an empty option text", { options: [{ text: " " }] }, "options.0.text"],
    ["duplicate option texts", { options: [{ text: "A" }, { text: " a " }] }, "options.1.text"],
    ["max_votes_allowed 1", { max_votes_allowed: 1 }, "max_votes_allowed"],
    ["max_votes_allowed 11", { max_votes_allowed: 11 }, "max_votes_allowed"],
    [
      "max votes with a unique vote",
      { max_votes_allowed: 3, enforce_unique_vote: true },
      "max_votes_allowed",
    ],
    ["an unknown visibility", { voting_visibility: "secret" }, "voting_visibility"],
    ["an unknown field", { colour: "red" }, "colour"],
  ])("refuses %s with 400 naming the field", async (_n, over, field) => {
    const r = await s.chat(ana.token, "POST", "/polls", pollBody(over));
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe("validation");
    expect(Object.keys(r.body.error.fields)).toContain(field);
  });

  it("accepts 100 options and max_votes_allowed 2 and 10", async () => {
    const options = Array.from({ length: 100 }, (_, i) => ({ text: `o${i}` }));
    expect((await s.chat(ana.token, "POST", "/polls", pollBody({ options }))).status).toBe(201);
    for (const n of [2, 10]) {
      expect((await s.chat(ana.token, "POST", "/polls", pollBody({ max_votes_allowed: n }))).status).toBe(
        201,
      );
    }
  });
});

describe("GET /polls/{id} and posting a poll", () => {
  it("shows an unposted poll to its creator only", async () => {
    const poll = await createPoll(s, ana);
    expect((await s.chat(ana.token, "GET", `/polls/${poll.id}`)).body.poll.id).toBe(poll.id);
    const other = await s.chat(bob.token, "GET", `/polls/${poll.id}`);
    expect(other.status).toBe(403);
    expect(other.body.error.code).toBe("forbidden");
    expect((await s.chat(ana.token, "GET", "/polls/nope")).status).toBe(404);
  });

  it("posting it in a message puts it in the channel: members see it, in messages too", async () => {
    const ch = await channel(s, ana, [bob]);
    const { poll, messageId, message } = await postedPoll(s, ana, ch);
    expect(message).toMatchObject({
      poll_id: poll.id,
      poll: { id: poll.id, message_id: messageId, cid: ch.cid },
    });
    const seen = await s.chat(bob.token, "GET", `/polls/${poll.id}`);
    expect(seen.status).toBe(200);
    expect(seen.body.poll).toMatchObject({ message_id: messageId, cid: ch.cid });
    await vote(s, bob, messageId, poll.id, poll.options[1].id);
    const m = await s.chat(bob.token, "GET", `/messages/${messageId}`);
    expect(m.body.message.poll).toMatchObject({
      vote_count: 1,
      own_votes: [{ option_id: poll.options[1].id }],
    });
    const page = await s.chat(ana.token, "GET", `${ch.path}/messages`);
    const listed = page.body.messages.find((x: { id: string }) => x.id === messageId);
    expect(listed.poll).toMatchObject({ id: poll.id, vote_count: 1, own_votes: [] });
  });

  it("allows an empty message text with a poll", async () => {
    const ch = await channel(s, ana, [bob]);
    const poll = await createPoll(s, ana);
    const r = await s.chat(ana.token, "POST", `${ch.path}/messages`, {
      message: { text: "", poll_id: poll.id },
    });
    expect(r.status).toBe(201);
    expect(r.body.message.poll_id).toBe(poll.id);
  });

  it("refuses posting an unknown poll, someone else's poll, or a poll twice", async () => {
    const ch = await channel(s, ana, [bob]);
    const send = (u: User, pollId: string) =>
      s.chat(u.token, "POST", `${ch.path}/messages`, { message: { text: "x", poll_id: pollId } });
    const unknown = await send(ana, "nope");
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields).toHaveProperty("message.poll_id");
    const poll = await createPoll(s, ana);
    expect((await send(bob, poll.id)).status).toBe(403);
    expect((await send(ana, poll.id)).status).toBe(201);
    const twice = await send(ana, poll.id);
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe("conflict");
  });
});

describe("PUT /polls", () => {
  it("replaces every field; omitted ones go back to their defaults; options by id", async () => {
    const poll = await createPoll(s, ana, { allow_answers: true, description: "d" });
    const [pizza, sushi] = poll.options;
    const r = await s.chat(ana.token, "PUT", "/polls", {
      id: poll.id,
      name: "Renamed",
      max_votes_allowed: 2,
      options: [{ id: sushi.id, text: "Sushi!" }, { text: "Curry" }],
    });
    expect(r.status).toBe(200);
    expect(r.body.poll).toMatchObject({
      name: "Renamed",
      description: "",
      allow_answers: false,
      max_votes_allowed: 2,
    });
    expect(r.body.poll.options.map((o: { text: string }) => o.text)).toEqual(["Sushi!", "Curry"]);
    expect(r.body.poll.options[0].id).toBe(sushi.id);
    expect(r.body.poll.options.some((o: { id: string }) => o.id === pizza.id)).toBe(false);
  });

  it("refuses an unknown option id, duplicate texts, a unique vote with a cap, and a missing name", async () => {
    const poll = await createPoll(s, ana);
    const put = (body: Record<string, unknown>) =>
      s.chat(ana.token, "PUT", "/polls", { id: poll.id, name: "n", ...body });
    expect((await put({ options: [{ id: "nope", text: "x" }] })).status).toBe(400);
    expect((await put({ options: [{ text: "x" }, { text: "X" }] })).status).toBe(400);
    expect((await put({ enforce_unique_vote: true, max_votes_allowed: 2 })).status).toBe(400);
    expect((await s.chat(ana.token, "PUT", "/polls", { id: poll.id })).status).toBe(400);
    expect((await s.chat(ana.token, "PUT", "/polls", { id: "nope", name: "n" })).status).toBe(404);
  });
});

describe("PATCH /polls/{id}", () => {
  it("sets and unsets fields", async () => {
    const poll = await createPoll(s, ana, { description: "keep?", max_votes_allowed: 3 });
    const r = await s.chat(ana.token, "PATCH", `/polls/${poll.id}`, {
      set: { name: "New name", allow_answers: true },
      unset: ["description", "max_votes_allowed"],
    });
    expect(r.status).toBe(200);
    expect(r.body.poll).toMatchObject({
      name: "New name",
      description: "",
      max_votes_allowed: null,
      allow_answers: true,
    });
    expect(r.body.poll.updated_at >= poll.updated_at).toBe(true);
  });

  it("closes with set is_closed true and reopens with false", async () => {
    const poll = await createPoll(s, ana);
    const closed = await s.chat(ana.token, "PATCH", `/polls/${poll.id}`, { set: { is_closed: true } });
    expect(closed.body.poll.is_closed).toBe(true);
    const open = await s.chat(ana.token, "PATCH", `/polls/${poll.id}`, { set: { is_closed: false } });
    expect(open.body.poll.is_closed).toBe(false);
  });

  it.each([
    ["an empty body", {}],
    ["a field set and unset", { set: { is_closed: true }, unset: ["is_closed"] }],
    ["unsetting the name", { unset: ["name"] }],
    ["a bad max", { set: { max_votes_allowed: 12 } }],
  ])("refuses %s", async (_n, body) => {
    const poll = await createPoll(s, ana);
    const r = await s.chat(ana.token, "PATCH", `/polls/${poll.id}`, body);
    expect(r.status).toBe(400);
  });

  it("checks the unique-vote/cap rule on the result", async () => {
    const poll = await createPoll(s, ana, { max_votes_allowed: 3 });
    const r = await s.chat(ana.token, "PATCH", `/polls/${poll.id}`, { set: { enforce_unique_vote: true } });
    expect(r.status).toBe(400);
    expect(r.body.error.fields).toHaveProperty("max_votes_allowed");
  });
});

describe("DELETE /polls/{id}", () => {
  it("deletes the poll and detaches it from its message", async () => {
    const ch = await channel(s, ana, [bob]);
    const { poll, messageId } = await postedPoll(s, ana, ch);
    const r = await s.chat(ana.token, "DELETE", `/polls/${poll.id}`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({});
    expect((await s.chat(ana.token, "GET", `/polls/${poll.id}`)).status).toBe(404);
    const m = await s.chat(bob.token, "GET", `/messages/${messageId}`);
    expect(m.body.message.poll_id).toBeNull();
    expect(m.body.message.poll).toBeUndefined();
    expect((await s.chat(ana.token, "DELETE", `/polls/${poll.id}`)).status).toBe(404);
  });
});
