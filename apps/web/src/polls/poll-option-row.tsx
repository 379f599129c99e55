import { optionCount, optionPercent, optionVoters } from "@parley/client";
import type { PollOptionResponse, PollResponse } from "@parley/protocol";
import { useId } from "react";
import { Avatar } from "../components/avatar";

interface PollOptionRowProps {
  poll: PollResponse;
  option: PollOptionResponse;
  /** Voted, as shown (optimistic while a vote is on its way). */
  voted: boolean;
  busy: boolean;
  disabled: boolean;
  leading: boolean;
  onToggle: () => void;
}

const MAX_AVATARS = 3;

export const votesLabel = (n: number) => `${n} ${n === 1 ? "vote" : "votes"}`;

/** One option: a toggle button with the live bar, the count and (public polls) the newest voters. */
export function PollOptionRow({
  poll,
  option,
  voted,
  busy,
  disabled,
  leading,
  onToggle,
}: PollOptionRowProps) {
  const count = optionCount(poll, option);
  const percent = optionPercent(poll, option);
  const voters = optionVoters(poll, option.id);
  const votersId = useId();
  const className = ["poll-option", voted && "poll-option--voted", leading && "poll-option--leading"]
    .filter(Boolean)
    .join(" ");
  return (
    <li className={className}>
      <button
        type="button"
        className="poll-option__button"
        aria-pressed={voted}
        aria-busy={busy || undefined}
        aria-describedby={voters.length > 0 ? votersId : undefined}
        disabled={disabled}
        onClick={onToggle}
        data-testid="poll-option"
      >
        <span className="poll-option__check" aria-hidden="true">
          {voted && (
            <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" focusable="false">
              <path
                d="M3 8.5l3 3 7-7"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.2"
                strokeLinecap="round"
              />
            </svg>
          )}
        </span>
        <span className="poll-option__text">{option.text}</span>
        {voters.length > 0 && (
          <span className="poll-option__voters" aria-hidden="true">
            {voters.slice(0, MAX_AVATARS).map((u) => (
              <Avatar key={u.id} name={u.name} image={u.image} colourKey={u.id} size="sm" />
            ))}
          </span>
        )}
        <span className="poll-option__count" data-testid="poll-option-count">
          {count}
          <span className="visually-hidden">
            {" "}
            {count === 1 ? "vote" : "votes"}, {percent}%
          </span>
        </span>
        <span className="poll-option__track" aria-hidden="true">
          <span className="poll-option__bar" style={{ width: `${percent}%` }} />
        </span>
      </button>
      {voters.length > 0 && (
        <span id={votersId} className="visually-hidden">
          Voted by {voters.map((u) => u.name).join(", ")}
        </span>
      )}
    </li>
  );
}
