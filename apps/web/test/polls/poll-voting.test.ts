import type { PollResponse } from "@parley/protocol";
import { describe, expect, test } from "vitest";
import { shownVoted } from "../../src/polls/use-poll-voting";

const vote = (id: string, optionId: string) => ({
  id,
  poll_id: "p",
  option_id: optionId,
  is_answer: false,
  answer_text: null,
  user_id: "me",
  user: null,
  created_at: "",
  updated_at: "",
});

const poll = (over: Partial<PollResponse>) =>
  ({ enforce_unique_vote: false, own_votes: [], ...over }) as PollResponse;

describe("optimistic vote display", () => {
  test("shows own votes when nothing is on its way", () => {
    const p = poll({ own_votes: [vote("v1", "a")] });
    expect(shownVoted(p, "a", {})).toBe(true);
    expect(shownVoted(p, "b", {})).toBe(false);
  });

  test("a click shows at once", () => {
    const p = poll({ own_votes: [vote("v1", "a")] });
    expect(shownVoted(p, "a", { a: false })).toBe(false);
    expect(shownVoted(p, "b", { b: true })).toBe(true);
  });

  test("with a unique vote, voting elsewhere un-checks the current choice at once", () => {
    const p = poll({ enforce_unique_vote: true, own_votes: [vote("v1", "a")] });
    expect(shownVoted(p, "a", { b: true })).toBe(false);
    expect(shownVoted({ ...p, enforce_unique_vote: false }, "a", { b: true })).toBe(true);
  });
});
