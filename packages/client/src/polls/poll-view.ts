/** Pure questions a UI asks about a poll: who voted, what a click on an option does, who may manage it. */
import type {
  ChannelCapabilities,
  PollOptionResponse,
  PollResponse,
  PollVoteResponse,
  UserResponse,
} from "@parley/protocol";
import { allows } from "../capabilities.js";

/** The current user's vote for an option, if any. */
export function ownVoteFor(poll: PollResponse, optionId: string): PollVoteResponse | undefined {
  return poll.own_votes.find((v) => !v.is_answer && v.option_id === optionId);
}

/** The current user's free-text answer, if any. */
export function ownAnswer(poll: PollResponse): PollVoteResponse | undefined {
  return poll.own_votes.find((v) => v.is_answer);
}

export function ownOptionVoteCount(poll: PollResponse): number {
  return poll.own_votes.filter((v) => !v.is_answer).length;
}

/** The newest voters of an option; always empty on an anonymous poll. */
export function optionVoters(poll: PollResponse, optionId: string): UserResponse[] {
  if (poll.voting_visibility === "anonymous" || !poll.latest_votes_by_option) return [];
  const out: UserResponse[] = [];
  for (const vote of poll.latest_votes_by_option[optionId] ?? []) {
    if (vote.user && !out.some((u) => u.id === vote.user?.id)) out.push(vote.user);
  }
  return out;
}

/** An option's votes as a share of the poll's option votes, 0–100 (rounded). */
export function optionPercent(poll: PollResponse, option: PollOptionResponse): number {
  const count = poll.vote_counts_by_option[option.id] ?? option.vote_count;
  return poll.vote_count > 0 ? Math.round((count * 100) / poll.vote_count) : 0;
}

export function optionCount(poll: PollResponse, option: PollOptionResponse): number {
  return poll.vote_counts_by_option[option.id] ?? option.vote_count;
}

/** The most votes any option has (for "leading" marks); 0 without votes. */
export function leadingCount(poll: PollResponse): number {
  return poll.options.reduce((max, o) => Math.max(max, optionCount(poll, o)), 0);
}

/** How many votes the user may cast: 1 (unique vote), the cap, or one per option. */
export function maxVotesOf(poll: PollResponse): number {
  if (poll.enforce_unique_vote) return 1;
  return poll.max_votes_allowed ?? poll.options.length;
}

export type VoteAction =
  | { kind: "cast"; optionId: string }
  | { kind: "remove"; voteId: string }
  | { kind: "blocked"; reason: "closed" | "max_votes" };

/**
 * What a click on an option does: remove the user's vote for it, cast one (with a unique vote,
 * the server moves the previous vote), or nothing when the poll is closed or the cap is reached.
 */
export function voteActionFor(poll: PollResponse, optionId: string): VoteAction {
  if (poll.is_closed) return { kind: "blocked", reason: "closed" };
  const own = ownVoteFor(poll, optionId);
  if (own) return { kind: "remove", voteId: own.id };
  if (!poll.enforce_unique_vote && ownOptionVoteCount(poll) >= maxVotesOf(poll)) {
    return { kind: "blocked", reason: "max_votes" };
  }
  return { kind: "cast", optionId };
}

/**
 * Who may edit, close, reopen or delete a posted poll (docs/api.md "Polls"): as its channel's
 * capabilities say (its creator, the channel's owner and moderators, and app admins by default).
 * The server decides; this only picks which controls to show.
 */
export function canManagePoll(
  poll: PollResponse,
  userId: string | undefined,
  capabilities: ChannelCapabilities | undefined,
): boolean {
  if (!userId) return false;
  return allows(capabilities, "UpdatePoll", poll.created_by_id === userId);
}

/** A one-line summary of the voting rules, e.g. "Choose up to 3". */
export function votingRuleLabel(poll: PollResponse): string {
  if (poll.enforce_unique_vote) return "Choose one";
  if (poll.max_votes_allowed !== null) return `Choose up to ${poll.max_votes_allowed}`;
  return "Choose any";
}
