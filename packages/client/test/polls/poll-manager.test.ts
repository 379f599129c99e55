import type { PollResponse } from "@parley/protocol";
import { describe, expect, test } from "vitest";
import {
  type ClientEvent,
  EventEmitter,
  type PollHost,
  PollManager,
  type PollRest,
} from "../../src/index.js";
import { routeLines } from "../../src/route-lines.js";
import { poll, vote, voteEvent } from "./poll-fixtures.js";

interface Call {
  method: string;
  path: string;
  body?: unknown;
}

/** A fake chat client: records REST calls, answers them from `answer`, emits events on demand. */
class FakeHost implements PollHost {
  userID: string | undefined = "bob";
  calls: Call[] = [];
  answer: (call: Call) => unknown = () => ({});
  readonly emitter = new EventEmitter<ClientEvent>();
  /** Requests held until released, to order answers and events. */
  held: Array<() => void> = [];
  holdAnswers = false;

  /** Records each call as its method and path (after `/chat`), as the route table gives them. */
  readonly rest: PollRest = {
    call: ((
      name: keyof typeof routeLines,
      input: { params?: Record<string, string>; body?: unknown } = {},
    ) => {
      const { method, path } = routeLines[name];
      const filled = path
        .replace(/^\/chat/, "")
        .replace(/\{(\w+)\}/g, (_, key: string) => input.params?.[key] ?? "");
      return this.#call({ method, path: filled, body: input.body });
    }) as PollRest["call"],
  };

  on(type: "all", handler: (event: ClientEvent) => void) {
    return this.emitter.on(type, handler);
  }

  #call<T>(call: Call): Promise<T> {
    this.calls.push(call);
    const result = this.answer(call) as T;
    if (!this.holdAnswers) return Promise.resolve(result);
    return new Promise<T>((resolve) => this.held.push(() => resolve(result)));
  }
}

const setup = (p: PollResponse = poll()) => {
  const host = new FakeHost();
  const manager = new PollManager(host);
  const state = manager.fromMessage({ id: "m1", poll_id: p.id, poll: p });
  if (!state) throw new Error("no state");
  return { host, manager, state };
};

describe("PollManager", () => {
  test("of(client) gives one manager per client", () => {
    const host = new FakeHost();
    expect(PollManager.of(host)).toBe(PollManager.of(host));
  });

  test("a message without a poll has no poll state; one with a poll is seeded from it", () => {
    const { manager, state } = setup();
    expect(manager.fromMessage({ id: "m2", poll_id: null })).toBeUndefined();
    expect(state.poll?.name).toBe("Lunch?");
    expect(state.fetched).toBe(false);
    expect(manager.fromMessage({ id: "m1", poll_id: "p1" })).toBe(state);
  });

  test("poll events reach the held poll and notify its listeners", () => {
    const { host, state } = setup();
    let notified = 0;
    state.subscribe(() => notified++);
    const theirs = vote("v2", "cy", "a");
    host.emitter.emit(voteEvent("poll.vote_casted", poll({}, { a: [theirs] }), theirs));
    expect(state.poll?.vote_count).toBe(1);
    expect(notified).toBe(1);
  });

  test("toggleVote casts, then removes the user's vote, applying each answer", async () => {
    const { host, state } = setup();
    const mine = vote("v1", "bob", "a");
    host.answer = (call) =>
      call.method === "POST"
        ? { vote: mine, poll: poll({ own_votes: [mine] }, { a: [mine] }) }
        : { vote: mine, poll: poll() };
    await state.toggleVote("a");
    expect(host.calls.at(-1)).toEqual({
      method: "POST",
      path: "/messages/m1/polls/p1/vote",
      body: { vote: { option_id: "a" } },
    });
    expect(state.poll?.own_votes).toEqual([mine]);
    expect(state.fetched).toBe(true);
    await state.toggleVote("a");
    expect(host.calls.at(-1)).toEqual({ method: "DELETE", path: "/messages/m1/polls/p1/vote/v1" });
    expect(state.poll?.own_votes).toEqual([]);
  });

  test("an answer arriving after a newer event keeps the event's counts", async () => {
    const { host, state } = setup();
    const mine = vote("v1", "bob", "a");
    const theirs = vote("v2", "cy", "b");
    host.holdAnswers = true;
    host.answer = () => ({ vote: mine, poll: poll({ own_votes: [mine] }, { a: [mine] }) });
    const pending = state.castVote("a");
    host.emitter.emit(voteEvent("poll.vote_casted", poll({}, { a: [mine], b: [theirs] }), theirs));
    for (const release of host.held) release();
    await pending;
    expect(state.poll?.vote_count).toBe(2);
    expect(state.poll?.own_votes).toEqual([mine]);
  });

  test("close sends set is_closed true; reopen false", async () => {
    const { host, state } = setup();
    host.answer = (call) => ({
      poll: poll({ is_closed: (call.body as { set: { is_closed: boolean } }).set.is_closed }),
    });
    await state.close();
    expect(host.calls.at(-1)).toEqual({
      method: "PATCH",
      path: "/polls/p1",
      body: { set: { is_closed: true } },
    });
    expect(state.poll?.is_closed).toBe(true);
    await expect(state.toggleVote("a")).rejects.toThrow("closed");
    await state.reopen();
    expect(host.calls.at(-1)?.body).toEqual({ set: { is_closed: false } });
  });

  test("answers, suggestions, option edits, deletion and queries use the documented calls", async () => {
    const { host, manager, state } = setup(poll({ allow_answers: true, allow_user_suggested_options: true }));
    host.answer = (call) => {
      if (call.path === "/polls/query") return { polls: [poll({ id: "p2" })], next: "n1" };
      if (call.path.endsWith("/votes")) return { votes: [] };
      if (call.path === "/polls" && call.method === "POST")
        return { poll: poll({ id: "p3", message_id: null }) };
      if (call.method === "DELETE" && call.path === "/polls/p1") return {};
      if (call.path.includes("/options/") && call.method === "GET") return { poll_option: poll().options[0] };
      return { poll: poll(), poll_option: poll().options[0], vote: vote("v1", "bob", null, "x") };
    };
    await state.addAnswer("Pasta");
    await state.addOption({ text: "Tacos" });
    await state.updateOption({ id: "a", text: "Pizza!" });
    await state.deleteOption("b");
    await state.replace({ name: "Dinner?" });
    await state.update({ set: { name: "Supper?" }, unset: ["description"] });
    await state.queryVotes({ limit: 5 });
    await state.queryAnswers();
    const created = await manager.create({ name: "New", options: [{ text: "x" }] });
    const queried = await manager.query({ filter: { is_closed: false } });
    await state.delete();
    expect(host.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      "POST /messages/m1/polls/p1/vote",
      "POST /polls/p1/options",
      "PUT /polls/p1/options",
      "DELETE /polls/p1/options/b",
      "PUT /polls",
      "PATCH /polls/p1",
      "POST /polls/p1/votes",
      "POST /polls/p1/votes",
      "POST /polls",
      "POST /polls/query",
      "DELETE /polls/p1",
    ]);
    expect(host.calls[0]?.body).toEqual({ vote: { answer_text: "Pasta" } });
    expect(host.calls[4]?.body).toEqual({ name: "Dinner?", id: "p1" });
    expect(host.calls[7]?.body).toEqual({ filter: { is_answer: true } });
    expect(created.poll?.id).toBe("p3");
    expect(created.fetched).toBe(true);
    expect(queried.next).toBe("n1");
    expect(manager.get("p2")).toBe(queried.polls[0]);
    expect(state.state.deleted).toBe(true);
  });

  test("after a reconnect, polls with listeners are fetched again", async () => {
    const { host, state } = setup();
    state.subscribe(() => {});
    host.answer = () => ({ poll: poll({ vote_count: 5 }) });
    host.emitter.emit({ type: "connection.recovered" });
    await Promise.resolve();
    expect(host.calls).toEqual([{ method: "GET", path: "/polls/p1" }]);
  });

  test("another user on the same client starts with no polls", () => {
    const { host, manager } = setup();
    expect(manager.get("p1")).toBeDefined();
    host.userID = "cy";
    expect(manager.get("p1")).toBeUndefined();
  });
});
