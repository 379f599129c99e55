import type { LocalMessage } from "@parley/client";
import type { MemberResponse } from "@parley/protocol";
import { relativeTime } from "../../chat/relative-time";
import { Avatar } from "../avatar";

interface ThreadSummaryProps {
  message: LocalMessage;
  members: Readonly<Record<string, MemberResponse>>;
  unread: number;
  onOpen: () => void;
}

/** Under a thread's parent: who took part, how many replies, the last reply's time, unread ones. */
export function ThreadSummary({ message, members, unread, onOpen }: ThreadSummaryProps) {
  if (message.reply_count <= 0) return null;
  const people = message.thread_participants.slice(0, 3);
  const count = `${message.reply_count} ${message.reply_count === 1 ? "reply" : "replies"}`;
  return (
    <button type="button" className="thread-summary" onClick={onOpen} data-testid="thread-summary">
      <span className="thread-summary__avatars" aria-hidden="true">
        {people.map((id) => {
          const user = members[id]?.user;
          return (
            <Avatar key={id} name={user?.name ?? id} image={user?.image ?? ""} colourKey={id} size="xs" />
          );
        })}
      </span>
      <span className="thread-summary__count">{count}</span>
      {unread > 0 && (
        <span className="badge" data-testid="thread-unread">
          {unread} new
        </span>
      )}
      {message.last_reply_at && (
        <span className="thread-summary__time">Last reply {relativeTime(message.last_reply_at)}</span>
      )}
    </button>
  );
}
