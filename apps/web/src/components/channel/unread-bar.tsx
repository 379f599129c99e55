import { clockTime, dayLabel } from "../../chat/relative-time";
import "./unread-bar.css";

/** "since 14:02" today; "since yesterday 14:02" or "since Monday 1 December 14:02" before. */
export function sinceLabel(iso: string, now: Date = new Date()): string {
  const day = dayLabel(iso, now);
  const time = clockTime(iso);
  if (day === "Today") return `since ${time}`;
  return `since ${day === "Yesterday" ? "yesterday" : day} ${time}`;
}

/**
 * Where the unread messages start, over the top of the list: how many there were when the
 * channel opened, a way back to the first one, and marking them all read.
 */
export function UnreadBar({
  count,
  since,
  onJump,
  onMarkRead,
}: {
  count: number;
  since: string | null;
  onJump: () => void;
  onMarkRead: () => void;
}) {
  const text = `${count} new ${count === 1 ? "message" : "messages"}${since ? ` ${sinceLabel(since)}` : ""}`;
  return (
    <div className="unread-bar" role="status" data-testid="unread-bar">
      <span className="unread-bar__text">{text}</span>
      <button type="button" className="unread-bar__action" onClick={onJump}>
        Jump
      </button>
      <span aria-hidden="true">·</span>
      <button type="button" className="unread-bar__action" onClick={onMarkRead}>
        Mark as read
      </button>
    </div>
  );
}
