import { describe, expect, test } from "vitest";
import {
  applyPollAnswer,
  applyPollEvent,
  emptyPollSnapshot,
  hideVotersIfAnonymous,
  isPollEvent,
  type PollSnapshot,
} from "../../src/index.js";
import { poll, pollEvent, vote, voteEvent } from "./poll-fixtures.js";

const ME = "bob";
const held = (p = poll()): PollSnapshot => ({ poll: p, deleted: false });

describe("poll events", () => {
  test("recognises exactly the seven poll event types", () => {
    for (const type of [
      "poll.updated",
      "poll.closed",
      "poll.deleted",
      "poll.vote_casted",
      "poll.vote_changed",
      "poll.vote_removed",
      "poll.answer_casted",
    ]) {
      expect(isPollEvent({ type })).toBe(true);
    }
    expect(isPollEvent({ type: "message.new" })).toBe(false);
  });

  test("vote_casted by someone else moves the counts and keeps the reader's own votes", () => {
    const mine = vote("v1", ME, "a");
    const start = held(poll({ own_votes: [mine] }, { a: [mine] }));
    const theirs = vote("v2", "cy", "b");
    const after = poll({}, { a: [mine], b: [theirs] });
    const next = applyPollEvent(start, voteEvent("poll.vote_casted", after, theirs), ME);
    expect(next.poll?.vote_count).toBe(2);
    expect(next.poll?.vote_counts_by_option).toEqual({ a: 1, b: 1 });
    expect(next.poll?.own_votes).toEqual([mine]);
    expect(next.poll?.latest_votes_by_option?.b).toEqual([theirs]);
  });

  test("vote_casted naming the reader (another tab) adds it to own votes", () => {
    const mine = vote("v1", ME, "a");
    const next = applyPollEvent(held(), voteEvent("poll.vote_casted", poll({}, { a: [mine] }), mine), ME);
    expect(next.poll?.own_votes).toEqual([mine]);
  });

  test("vote_changed replaces the own vote with the same id on its new option", () => {
    const before = vote("v1", ME, "a");
    const moved = vote("v1", ME, "b");
    const start = held(poll({ enforce_unique_vote: true, own_votes: [before] }, { a: [before] }));
    const next = applyPollEvent(
      start,
      voteEvent("poll.vote_changed", poll({ enforce_unique_vote: true }, { b: [moved] }), moved),
      ME,
    );
    expect(next.poll?.own_votes).toEqual([moved]);
    expect(next.poll?.vote_counts_by_option).toEqual({ a: 0, b: 1 });
  });

  test("vote_removed drops the own vote by id and lowers the count", () => {
    const mine = vote("v1", ME, "a");
    const start = held(poll({ own_votes: [mine] }, { a: [mine] }));
    const next = applyPollEvent(start, voteEvent("poll.vote_removed", poll(), mine), ME);
    expect(next.poll?.own_votes).toEqual([]);
    expect(next.poll?.vote_count).toBe(0);
  });

  test("answer_casted replaces the reader's previous answer and updates the answers", () => {
    const first = vote("v1", ME, null, "Maybe pasta");
    const second = vote("v9", ME, null, "Pasta!");
    const start = held(
      poll({ allow_answers: true, own_votes: [first], answers_count: 1, latest_answers: [first] }),
    );
    const after = poll({ allow_answers: true, answers_count: 1, latest_answers: [second] });
    const next = applyPollEvent(start, voteEvent("poll.answer_casted", after, second), ME);
    expect(next.poll?.own_votes).toEqual([second]);
    expect(next.poll?.latest_answers).toEqual([second]);
    expect(next.poll?.vote_count).toBe(0);
  });

  test("an answer by someone else changes the answers, not the reader's own votes", () => {
    const theirs = vote("v2", "cy", null, "Tacos");
    const next = applyPollEvent(
      held(),
      voteEvent("poll.answer_casted", poll({ answers_count: 1, latest_answers: [theirs] }), theirs),
      ME,
    );
    expect(next.poll?.answers_count).toBe(1);
    expect(next.poll?.own_votes).toEqual([]);
  });

  test("closed marks the poll closed and keeps own votes", () => {
    const mine = vote("v1", ME, "a");
    const start = held(poll({ own_votes: [mine] }, { a: [mine] }));
    const next = applyPollEvent(
      start,
      pollEvent("poll.closed", poll({ is_closed: true }, { a: [mine] })),
      ME,
    );
    expect(next.poll?.is_closed).toBe(true);
    expect(next.poll?.own_votes).toEqual([mine]);
  });

  test("updated takes the new fields; votes of options that were dropped go", () => {
    const onA = vote("v1", ME, "a");
    const onB = vote("v2", ME, "b");
    const start = held(poll({ own_votes: [onA, onB] }, { a: [onA], b: [onB] }));
    const updated = poll({
      name: "Dinner?",
      options: [{ id: "a", text: "Pizza", position: 0, vote_count: 1 }],
      vote_counts_by_option: { a: 1 },
      vote_count: 1,
    });
    const next = applyPollEvent(start, pollEvent("poll.updated", updated), ME);
    expect(next.poll?.name).toBe("Dinner?");
    expect(next.poll?.own_votes).toEqual([onA]);
  });

  test("deleted marks the poll deleted; later events change nothing", () => {
    const gone = applyPollEvent(held(), pollEvent("poll.deleted", poll()), ME);
    expect(gone.deleted).toBe(true);
    expect(gone.poll?.own_votes).toEqual([]);
    const later = applyPollEvent(gone, voteEvent("poll.vote_casted", poll(), vote("v3", "cy", "a")), ME);
    expect(later).toBe(gone);
  });

  test("an event for a poll not loaded yet gives the poll with no own votes", () => {
    const theirs = vote("v2", "cy", "b");
    const next = applyPollEvent(
      emptyPollSnapshot,
      voteEvent("poll.vote_casted", poll({}, { b: [theirs] }), theirs),
      ME,
    );
    expect(next.poll?.vote_count).toBe(1);
    expect(next.poll?.own_votes).toEqual([]);
  });
});

describe("anonymous polls", () => {
  test("hide voters: no latest votes by option, no user on any vote", () => {
    const leaked = vote("v2", "cy", null, "secret");
    const p = poll(
      { voting_visibility: "anonymous", latest_answers: [leaked] },
      { a: [vote("v1", "cy", "a")] },
    );
    const hidden = hideVotersIfAnonymous(p);
    expect(hidden.latest_votes_by_option).toBeNull();
    expect(hidden.latest_answers[0]?.user_id).toBeNull();
    expect(hidden.latest_answers[0]?.user).toBeNull();
  });

  test("events of an anonymous poll never reveal a voter, and own votes are matched by id", () => {
    const mine = vote("v1", null, "a");
    const start = held(
      poll({ voting_visibility: "anonymous", own_votes: [mine], latest_votes_by_option: null }),
    );
    const other = vote("v2", null, "b");
    const after = poll({
      voting_visibility: "anonymous",
      vote_count: 2,
      vote_counts_by_option: { a: 1, b: 1 },
    });
    const next = applyPollEvent(start, voteEvent("poll.vote_casted", after, other), ME);
    expect(next.poll?.latest_votes_by_option).toBeNull();
    expect(next.poll?.own_votes).toEqual([mine]);
    const removed = applyPollEvent(next, voteEvent("poll.vote_removed", after, mine), ME);
    expect(removed.poll?.own_votes).toEqual([]);
  });

  test("public polls keep their voters", () => {
    const p = poll({}, { a: [vote("v1", "cy", "a")] });
    expect(hideVotersIfAnonymous(p)).toBe(p);
  });
});

describe("REST answers and events", () => {
  test("an answer with no event since the request replaces the poll", () => {
    const mine = vote("v1", ME, "a");
    const answer = poll({ own_votes: [mine] }, { a: [mine] });
    expect(applyPollAnswer(held(), answer, 0).poll).toEqual(answer);
  });

  test("an answer older than an applied event keeps the event's counts and takes the own votes", () => {
    const mine = vote("v1", ME, "a");
    const theirs = vote("v2", "cy", "b");
    const fromEvent = held(poll({}, { a: [mine], b: [theirs] }));
    const staleAnswer = poll({ own_votes: [mine] }, { a: [mine] });
    const next = applyPollAnswer(fromEvent, staleAnswer, 1);
    expect(next.poll?.vote_count).toBe(2);
    expect(next.poll?.own_votes).toEqual([mine]);
  });

  test("an answer never revives a deleted poll", () => {
    const gone: PollSnapshot = { poll: poll(), deleted: true };
    expect(applyPollAnswer(gone, poll(), 0)).toBe(gone);
  });
});
