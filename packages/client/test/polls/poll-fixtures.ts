/** Poll, vote and event factories for the poll tests. */
import type { PollEventPoll, PollResponse, PollVoteResponse, UserResponse } from "@parley/protocol";
import type { PollEvent } from "../../src/index.js";

export const T0 = "2026-01-01T00:00:00.000Z";

export function user(id: string): UserResponse {
  return {
    id,
    name: id.toUpperCase(),
    image: "",
    role: "user",
    online: false,
    last_active: null,
    created_at: T0,
  };
}

export function vote(
  id: string,
  userId: string | null,
  optionId: string | null,
  answer?: string,
): PollVoteResponse {
  return {
    id,
    poll_id: "p1",
    option_id: answer === undefined ? optionId : null,
    is_answer: answer !== undefined,
    answer_text: answer ?? null,
    user_id: userId,
    user: userId ? user(userId) : null,
    created_at: T0,
    updated_at: T0,
  };
}

/** A posted poll with options a and b; `counts` per option, voters per option (public polls). */
export function poll(
  over: Partial<PollResponse> = {},
  votes: Record<string, PollVoteResponse[]> = {},
): PollResponse {
  const a = votes.a ?? [];
  const b = votes.b ?? [];
  const base: PollResponse = {
    id: "p1",
    name: "Lunch?",
    description: "",
    options: [
      { id: "a", text: "Pizza", position: 0, vote_count: a.length },
      { id: "b", text: "Sushi", position: 1, vote_count: b.length },
    ],
    vote_count: a.length + b.length,
    vote_counts_by_option: { a: a.length, b: b.length },
    answers_count: 0,
    latest_answers: [],
    latest_votes_by_option: { a, b },
    own_votes: [],
    is_closed: false,
    enforce_unique_vote: false,
    max_votes_allowed: null,
    allow_answers: false,
    allow_user_suggested_options: false,
    voting_visibility: "public",
    created_by_id: "ana",
    created_by: user("ana"),
    message_id: "m1",
    cid: "messaging:general",
    created_at: T0,
    updated_at: T0,
  };
  return { ...base, ...over };
}

/** The poll as events carry it (no own_votes). */
export function eventPoll(p: PollResponse): PollEventPoll {
  const { own_votes: _own, ...rest } = p;
  return rest;
}

let seq = 0;
const base = () => ({
  cid: "messaging:general",
  channel_type: "messaging",
  channel_id: "general",
  seq: ++seq,
  created_at: T0,
  message_id: "m1",
});

export function voteEvent(
  type: "poll.vote_casted" | "poll.vote_changed" | "poll.vote_removed" | "poll.answer_casted",
  p: PollResponse,
  v: PollVoteResponse,
): PollEvent {
  return { ...base(), type, poll: eventPoll(p), poll_vote: v };
}

export function pollEvent(type: "poll.updated" | "poll.closed" | "poll.deleted", p: PollResponse): PollEvent {
  return { ...base(), type, poll: eventPoll(p) };
}
