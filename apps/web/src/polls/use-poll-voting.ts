import { ownVoteFor, type PollState, voteActionFor } from "@parley/client";
import type { PollResponse } from "@parley/protocol";
import { useCallback, useState } from "react";
import { type AsyncAction, useAsyncAction } from "./use-action";

/** Votes on their way: option id → whether it will be voted once the server answers. */
export type PendingVotes = Readonly<Record<string, boolean>>;

/**
 * Whether an option shows as voted: what the user is doing to it right now, otherwise the own
 * votes. With a unique vote, a vote on its way to another option un-checks this one at once.
 */
export function shownVoted(poll: PollResponse, optionId: string, pending: PendingVotes): boolean {
  const mine = pending[optionId];
  if (mine !== undefined) return mine;
  if (poll.enforce_unique_vote && Object.entries(pending).some(([id, voted]) => id !== optionId && voted)) {
    return false;
  }
  return ownVoteFor(poll, optionId) !== undefined;
}

export interface PollVoting {
  pending: PendingVotes;
  toggle: (optionId: string) => void;
  action: AsyncAction;
  /** Why the last click did nothing (the vote cap), for a polite note. */
  notice: string | null;
}

/** One-click vote and unvote, shown at once (optimistic) and settled by the server's answer. */
export function usePollVoting(state: PollState | undefined, poll: PollResponse | undefined): PollVoting {
  const [pending, setPending] = useState<PendingVotes>({});
  const [notice, setNotice] = useState<string | null>(null);
  const action = useAsyncAction();
  const { run } = action;
  const toggle = useCallback(
    (optionId: string) => {
      if (!state || !poll) return;
      const next = voteActionFor(poll, optionId);
      if (next.kind === "blocked") {
        setNotice(
          next.reason === "closed"
            ? "This poll is closed."
            : `You can vote for up to ${poll.max_votes_allowed ?? 1} options. Remove a vote first.`,
        );
        return;
      }
      setNotice(null);
      setPending((p) => ({ ...p, [optionId]: next.kind === "cast" }));
      const call = () => (next.kind === "cast" ? state.castVote(optionId) : state.removeVote(next.voteId));
      void run(`vote:${optionId}`, call, "Could not record your vote").finally(() =>
        setPending(({ [optionId]: _done, ...rest }) => rest),
      );
    },
    [state, poll, run],
  );
  return { pending, toggle, action, notice };
}
