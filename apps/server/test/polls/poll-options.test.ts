import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../helpers/test-server.js";
import { channel, createPoll, postedPoll, startPollServer, type User, vote } from "./poll-helpers.js";

let s: TestServer;
let ana: User;
let bob: User;

beforeAll(async () => {
  const w = await startPollServer(2);
  s = w.s;
  [ana, bob] = w.users as [User, User];
});
afterAll(() => s.close());

describe("POST /polls/{id}/options", () => {
  it("adds an option at the end, or at the given position", async () => {
    const poll = await createPoll(s, ana);
    const r = await s.chat(ana.token, "POST", `/polls/${poll.id}/options`, { text: "Curry" });
    expect(r.status).toBe(201);
    expect(r.body.poll_option).toEqual({ id: expect.any(String), text: "Curry", position: 3, vote_count: 0 });
    expect(r.body.poll.options).toHaveLength(4);
    const at = await s.chat(ana.token, "POST", `/polls/${poll.id}/options`, { text: "Ramen", position: 0 });
    expect(at.body.poll_option.position).toBe(0);
  });

  it("refuses a duplicate text, an empty text and the 101st option", async () => {
    const poll = await createPoll(s, ana);
    const dup = await s.chat(ana.token, "POST", `/polls/${poll.id}/options`, { text: " pizza " });
    expect(dup.status).toBe(400);
    expect(dup.body.error.fields).toHaveProperty("text");
    expect((await s.chat(ana.token, "POST", `/polls/${poll.id}/options`, { text: "" })).status).toBe(400);
    const full = await createPoll(s, ana, {
      options: Array.from({ length: 100 }, (_, i) => ({ text: `o${i}` })),
    });
    const over = await s.chat(ana.token, "POST", `/polls/${full.id}/options`, { text: "one more" });
    expect(over.status).toBe(400);
    expect(over.body.error.fields).toHaveProperty("options");
  });

  it("lets members suggest options only when the poll allows it, and never once closed", async () => {
    const ch = await channel(s, ana, [bob]);
    const closedOff = await postedPoll(s, ana, ch);
    const refused = await s.chat(bob.token, "POST", `/polls/${closedOff.poll.id}/options`, { text: "Curry" });
    expect(refused.status).toBe(403);
    const { poll } = await postedPoll(s, ana, ch, { allow_user_suggested_options: true });
    const ok = await s.chat(bob.token, "POST", `/polls/${poll.id}/options`, { text: "Curry" });
    expect(ok.status).toBe(201);
    await s.chat(ana.token, "PATCH", `/polls/${poll.id}`, { set: { is_closed: true } });
    const closed = await s.chat(bob.token, "POST", `/polls/${poll.id}/options`, { text: "Ramen" });
    expect(closed.status).toBe(400);
    expect(closed.body.error.message).toMatch(/closed/);
  });
});

describe("PUT /polls/{id}/options", () => {
  it("updates an option's text and position", async () => {
    const poll = await createPoll(s, ana);
    const r = await s.chat(ana.token, "PUT", `/polls/${poll.id}/options`, {
      id: poll.options[0].id,
      text: "Burritos",
      position: 10,
    });
    expect(r.status).toBe(200);
    expect(r.body.poll_option).toMatchObject({ id: poll.options[0].id, text: "Burritos", position: 10 });
    expect(r.body.poll.options.map((o: { text: string }) => o.text)).toEqual(["Sushi", "Tacos", "Burritos"]);
  });

  it("refuses another option's text, an unknown option, and non-managers", async () => {
    const ch = await channel(s, ana, [bob]);
    const { poll } = await postedPoll(s, ana, ch, { allow_user_suggested_options: true });
    const put = (u: User, body: unknown) => s.chat(u.token, "PUT", `/polls/${poll.id}/options`, body);
    expect((await put(ana, { id: poll.options[0].id, text: "SUSHI" })).status).toBe(400);
    expect((await put(ana, { id: poll.options[0].id, text: "Pizza" })).status).toBe(200);
    expect((await put(ana, { id: "nope", text: "x" })).status).toBe(404);
    expect((await put(bob, { id: poll.options[0].id, text: "Mine" })).status).toBe(403);
  });
});

describe("GET /polls/{id}/options/{optionId}", () => {
  it("answers the option with its vote count", async () => {
    const ch = await channel(s, ana, [bob]);
    const { poll, messageId } = await postedPoll(s, ana, ch);
    await vote(s, bob, messageId, poll.id, poll.options[0].id);
    const r = await s.chat(bob.token, "GET", `/polls/${poll.id}/options/${poll.options[0].id}`);
    expect(r.status).toBe(200);
    expect(r.body.poll_option).toEqual({ ...poll.options[0], vote_count: 1 });
    expect((await s.chat(bob.token, "GET", `/polls/${poll.id}/options/nope`)).status).toBe(404);
  });
});

describe("DELETE /polls/{id}/options/{optionId}", () => {
  it("removes the option with its votes, but never the last one", async () => {
    const ch = await channel(s, ana, [bob]);
    const { poll, messageId } = await postedPoll(s, ana, ch, { options: [{ text: "A" }, { text: "B" }] });
    await vote(s, bob, messageId, poll.id, poll.options[0].id);
    const r = await s.chat(ana.token, "DELETE", `/polls/${poll.id}/options/${poll.options[0].id}`);
    expect(r.status).toBe(200);
    expect(r.body.poll).toMatchObject({ vote_count: 0, options: [{ text: "B" }] });
    expect((await s.chat(bob.token, "GET", `/polls/${poll.id}`)).body.poll.own_votes).toEqual([]);
    const last = await s.chat(ana.token, "DELETE", `/polls/${poll.id}/options/${poll.options[1].id}`);
    expect(last.status).toBe(400);
    expect(last.body.error.message).toMatch(/at least one option/);
    expect((await s.chat(ana.token, "DELETE", `/polls/${poll.id}/options/nope`)).status).toBe(404);
    expect(
      (await s.chat(bob.token, "DELETE", `/polls/${poll.id}/options/${poll.options[1].id}`)).status,
    ).toBe(403);
  });
});
