import { shownDndUntil, shownStatus } from "@parley/client";
import type { UserResponse } from "@parley/protocol";
import { clockTime, fullDate } from "../chat/relative-time";
import { useNow } from "../chat/use-now";
import "./user-status.css";

/** "until 14:30", or with the day when it is not today. */
export function untilText(iso: string, now: Date): string {
  const at = new Date(iso);
  const sameDay = at.toDateString() === now.toDateString();
  return `until ${sameDay ? clockTime(iso) : fullDate(iso)}`;
}

interface UserStatusMarkProps {
  user: UserResponse | undefined;
  /** `full`: the emoji and the text; `emoji`: the emoji alone, the text as its name and tooltip. */
  variant?: "full" | "emoji";
}

/**
 * What a user says of themselves and whether they paused notifications, shown after their name:
 * the status (until it expires, whatever the answer that brought it said) and a Do Not Disturb
 * mark. Renders nothing when there is neither.
 */
export function UserStatusMark({ user, variant = "emoji" }: UserStatusMarkProps) {
  const now = useNow();
  const status = shownStatus(user, now.getTime());
  const dnd = shownDndUntil(user, now.getTime());
  if (!status && !dnd) return null;
  const label = status ? [status.emoji, status.text].filter(Boolean).join(" ") : "";
  return (
    <span className="user-status" data-testid="user-status">
      {status && variant === "emoji" && (
        <span
          className="user-status__emoji"
          role="img"
          aria-label={`Status: ${label}`}
          title={status.text || undefined}
        >
          {status.emoji || "💬"}
        </span>
      )}
      {status && variant === "full" && (
        <span className="user-status__full">
          <span className="visually-hidden">Status: </span>
          {status.emoji && (
            <span className="user-status__emoji" aria-hidden="true">
              {status.emoji}
            </span>
          )}
          {status.text && <span className="user-status__text">{status.text}</span>}
        </span>
      )}
      {dnd && <DndMark until={dnd} now={now} />}
    </span>
  );
}

/** A bell with a slash: notifications paused, with when they come back as its name. */
export function DndMark({ until, now }: { until: string; now: Date }) {
  const label = `Do not disturb ${untilText(until, now)}`;
  return (
    <span className="dnd-mark" role="img" aria-label={label} title={label} data-testid="dnd-mark">
      <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
        <path
          d="M6 16V11a6 6 0 0 1 9.5-4.9M18 11v5l2 2H8M10 20a2 2 0 0 0 4 0M4 4l16 16"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </span>
  );
}
