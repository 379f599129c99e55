/**
 * Pure reducers of a poll's state: `poll.*` events (docs/api.md "Polls") and the REST answers of
 * the current user's own poll calls. Events carry the poll as every watcher sees it (no
 * `own_votes`): the reader's own votes are kept from REST answers and followed through the events.
 */
import type { ChannelEvent, PollEventPoll, PollResponse, PollVoteResponse } from "@parley/protocol";

export type PollEvent = Extract<ChannelEvent, { type: `poll.${string}` }>;
export type PollEventType = PollEvent["type"];

export const POLL_EVENT_TYPES: readonly PollEventType[] = [
  "poll.updated",
  "poll.closed",
  "poll.deleted",
  "poll.vote_casted",
  "poll.vote_changed",
  "poll.vote_removed",
  "poll.answer_casted",
];

export function isPollEvent(event: { type: string }): event is PollEvent {
  return (POLL_EVENT_TYPES as readonly string[]).includes(event.type);
}

/** One poll as the SDK holds it; a new object after every change. */
export interface PollSnapshot {
  /** Undefined until the poll is known (seeded from its message or fetched). */
  readonly poll: PollResponse | undefined;
  /** The poll was deleted (`poll.deleted`, or DELETE by this user). */
  readonly deleted: boolean;
}

export const emptyPollSnapshot: PollSnapshot = { poll: undefined, deleted: false };

/**
 * The current user's votes after a vote event. Votes are matched by id (anonymous polls never
 * name their voter, so a vote the user did not cast through this client is only recognised when
 * it names them).
 */
export function ownVotesAfter(
  own: readonly PollVoteResponse[],
  event: PollEvent,
  userId: string | undefined,
): PollVoteResponse[] {
  const mine = (v: PollVoteResponse) => own.some((o) => o.id === v.id) || (!!userId && v.user_id === userId);
  switch (event.type) {
    case "poll.vote_casted":
    case "poll.vote_changed": {
      const vote = event.poll_vote;
      if (!mine(vote)) return [...own];
      return [...own.filter((o) => o.id !== vote.id), keepVoter(vote, own)];
    }
    case "poll.answer_casted": {
      const vote = event.poll_vote;
      if (!mine(vote)) return [...own];
      // One answer per user: a new answer replaces the previous one.
      return [...own.filter((o) => !o.is_answer && o.id !== vote.id), keepVoter(vote, own)];
    }
    case "poll.vote_removed":
      return own.filter((o) => o.id !== event.poll_vote.id);
    case "poll.deleted":
      return [];
    case "poll.updated":
    case "poll.closed": {
      // Options dropped by an update take their votes with them.
      const options = new Set(event.poll.options.map((o) => o.id));
      return own.filter((o) => o.is_answer || (o.option_id !== null && options.has(o.option_id)));
    }
  }
}

/** An event's copy of an own vote keeps what the user's REST answer said about it. */
function keepVoter(vote: PollVoteResponse, own: readonly PollVoteResponse[]): PollVoteResponse {
  const held = own.find((o) => o.id === vote.id);
  if (!held || vote.user_id !== null) return vote;
  return { ...vote, user_id: held.user_id, user: held.user };
}

/** The event's poll with the reader's own votes. */
export function withOwnVotes(poll: PollEventPoll, own: readonly PollVoteResponse[]): PollResponse {
  return hideVotersIfAnonymous({ ...poll, own_votes: [...own] });
}

/** Applies one poll event to the snapshot. */
export function applyPollEvent(
  state: PollSnapshot,
  event: PollEvent,
  userId: string | undefined,
): PollSnapshot {
  if (state.deleted) return state;
  const own = ownVotesAfter(state.poll?.own_votes ?? [], event, userId);
  if (event.type === "poll.deleted") {
    return { poll: withOwnVotes(event.poll, []), deleted: true };
  }
  return { poll: withOwnVotes(event.poll, own), deleted: false };
}

/**
 * Applies the poll of a REST answer. When events about the poll were applied while the request
 * was in flight (`eventsSince > 0`), the events' counts are newer than the answer's: only the
 * answer's `own_votes` (which events never carry) are taken.
 */
export function applyPollAnswer(state: PollSnapshot, poll: PollResponse, eventsSince: number): PollSnapshot {
  if (state.deleted) return state;
  if (eventsSince > 0 && state.poll) {
    return { ...state, poll: { ...state.poll, own_votes: [...poll.own_votes] } };
  }
  return { poll: hideVotersIfAnonymous(poll), deleted: false };
}

/**
 * Anonymous polls never show who voted: whatever reaches the client, every vote's voter is
 * dropped (except the reader's own votes, which the reader knows) and `latest_votes_by_option`
 * is null.
 */
export function hideVotersIfAnonymous(poll: PollResponse): PollResponse {
  if (poll.voting_visibility !== "anonymous") return poll;
  const anonymous = (v: PollVoteResponse): PollVoteResponse =>
    v.user_id === null && v.user === null ? v : { ...v, user_id: null, user: null };
  if (
    poll.latest_votes_by_option === null &&
    poll.latest_answers.every((v) => v.user_id === null && v.user === null)
  ) {
    return poll;
  }
  return { ...poll, latest_votes_by_option: null, latest_answers: poll.latest_answers.map(anonymous) };
}
