import { describe, expect, test } from "vitest";
import {
  canManagePoll,
  maxVotesOf,
  optionPercent,
  optionVoters,
  ownAnswer,
  voteActionFor,
  votingRuleLabel,
} from "../../src/index.js";
import { poll, vote } from "./poll-fixtures.js";

describe("what a click on an option does", () => {
  test("votes for an option not voted yet, unvotes one already voted", () => {
    const mine = vote("v1", "bob", "a");
    const p = poll({ own_votes: [mine] }, { a: [mine] });
    expect(voteActionFor(p, "a")).toEqual({ kind: "remove", voteId: "v1" });
    expect(voteActionFor(p, "b")).toEqual({ kind: "cast", optionId: "b" });
  });

  test("nothing on a closed poll", () => {
    expect(voteActionFor(poll({ is_closed: true }), "a")).toEqual({ kind: "blocked", reason: "closed" });
  });

  test("a unique vote moves to the other option (the server replaces it)", () => {
    const mine = vote("v1", "bob", "a");
    const p = poll({ enforce_unique_vote: true, own_votes: [mine] }, { a: [mine] });
    expect(voteActionFor(p, "b")).toEqual({ kind: "cast", optionId: "b" });
    expect(maxVotesOf(p)).toBe(1);
  });

  test("the cap of max_votes_allowed blocks further votes", () => {
    const p = poll({
      max_votes_allowed: 2,
      options: [
        { id: "a", text: "A", position: 0, vote_count: 1 },
        { id: "b", text: "B", position: 1, vote_count: 1 },
        { id: "c", text: "C", position: 2, vote_count: 0 },
      ],
      own_votes: [vote("v1", "bob", "a"), vote("v2", "bob", "b")],
    });
    expect(voteActionFor(p, "c")).toEqual({ kind: "blocked", reason: "max_votes" });
    expect(voteActionFor(p, "a").kind).toBe("remove");
  });

  test("an answer does not count as a vote", () => {
    const p = poll({ max_votes_allowed: 2, own_votes: [vote("v1", "bob", null, "hm")] });
    expect(voteActionFor(p, "a").kind).toBe("cast");
    expect(ownAnswer(p)?.answer_text).toBe("hm");
  });
});

describe("results", () => {
  test("percent of the option votes, 0 without votes", () => {
    const p = poll({}, { a: [vote("v1", "x", "a"), vote("v2", "y", "a")], b: [vote("v3", "z", "b")] });
    expect(optionPercent(p, p.options[0]!)).toBe(67);
    expect(optionPercent(p, p.options[1]!)).toBe(33);
    expect(optionPercent(poll(), poll().options[0]!)).toBe(0);
  });

  test("voters of public polls, none of anonymous ones", () => {
    const p = poll({}, { a: [vote("v1", "x", "a")] });
    expect(optionVoters(p, "a").map((u) => u.id)).toEqual(["x"]);
    expect(optionVoters({ ...p, voting_visibility: "anonymous" }, "a")).toEqual([]);
  });

  test("rule labels", () => {
    expect(votingRuleLabel(poll({ enforce_unique_vote: true }))).toBe("Choose one");
    expect(votingRuleLabel(poll({ max_votes_allowed: 3 }))).toBe("Choose up to 3");
    expect(votingRuleLabel(poll())).toBe("Choose any");
  });
});

describe("who manages a poll", () => {
  test("as the channel's capabilities say: UpdatePoll on any poll, or on one's own", () => {
    const p = poll({ created_by_id: "ana" });
    const member = { any: [], own: ["UpdatePoll" as const] };
    const moderator = { any: ["UpdatePoll" as const], own: [] };
    expect(canManagePoll(p, "ana", member)).toBe(true);
    expect(canManagePoll(p, "bob", member)).toBe(false);
    expect(canManagePoll(p, "mo", moderator)).toBe(true);
    expect(canManagePoll(p, "ana", { any: [], own: [] })).toBe(false);
    expect(canManagePoll(p, undefined, moderator)).toBe(false);
    expect(canManagePoll(p, "ana", undefined)).toBe(false);
  });
});
