import { type ChatClient, leadingCount, optionCount, votingRuleLabel } from "@parley/client";
import type { MessageResponse } from "@parley/protocol";
import { useId } from "react";
import { ActionErrorNote } from "./action-error-note";
import { PollAnswers } from "./poll-answers";
import { PollEndVote } from "./poll-end-vote";
import { PollOptionRow, votesLabel } from "./poll-option-row";
import { PollSuggestOption } from "./poll-suggest-option";
import { usePoll } from "./use-poll";
import { shownVoted, usePollVoting } from "./use-poll-voting";
import "./forms.css";
import "./polls.css";

interface PollCardProps {
  client: ChatClient;
  message: MessageResponse;
}

/**
 * The poll a message carries: options with live bars and counts, one-click vote and unvote,
 * voters (public polls), comments, suggestions and "End vote". Live for everyone through the
 * SDK's poll state.
 */
export function PollCard({ client, message }: PollCardProps) {
  const { state, snapshot, canManage } = usePoll(client, message);
  const poll = snapshot.poll;
  const voting = usePollVoting(state, poll);
  const titleId = useId();
  if (message.type === "deleted" || !state) return null;
  if (snapshot.deleted) {
    return <p className="poll-card poll-card--gone">This poll was deleted.</p>;
  }
  if (!poll) {
    return (
      <div className="poll-card poll-card--loading" role="status">
        <span className="visually-hidden">Loading the poll</span>
      </div>
    );
  }
  const leading = leadingCount(poll);
  return (
    <div className="poll-card" data-testid="poll-card">
      <div className="poll-card__header">
        <span className="poll-card__kind">Poll</span>
        {poll.is_closed && <span className="poll-card__badge poll-card__badge--closed">Closed</span>}
        {poll.voting_visibility === "anonymous" && <span className="poll-card__badge">Anonymous</span>}
      </div>
      <p id={titleId} className="poll-card__question">
        {poll.name}
      </p>
      {poll.description && <p className="poll-card__description">{poll.description}</p>}
      <p className="poll-card__rule">{poll.is_closed ? "Voting has ended" : votingRuleLabel(poll)}</p>
      <ul className="poll-card__options" aria-labelledby={titleId}>
        {poll.options.map((option) => (
          <PollOptionRow
            key={option.id}
            poll={poll}
            option={option}
            voted={shownVoted(poll, option.id, voting.pending)}
            busy={voting.pending[option.id] !== undefined}
            disabled={poll.is_closed}
            leading={poll.is_closed && leading > 0 && optionCount(poll, option) === leading}
            onToggle={() => voting.toggle(option.id)}
          />
        ))}
      </ul>
      {voting.notice && (
        <p className="poll-card__notice" role="status">
          {voting.notice}
        </p>
      )}
      <ActionErrorNote error={voting.action.error} />
      {poll.allow_user_suggested_options && !poll.is_closed && <PollSuggestOption state={state} />}
      {poll.allow_answers && <PollAnswers state={state} poll={poll} />}
      <div className="poll-card__footer">
        <span className="poll-card__total" data-testid="poll-total">
          {votesLabel(poll.vote_count)}
        </span>
        {canManage && !poll.is_closed && <PollEndVote state={state} action={voting.action} />}
      </div>
    </div>
  );
}
