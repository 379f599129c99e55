import { channelPath, plainText, type ThreadSummary } from "@parley/protocol";
import { type MouseEvent, useMemo } from "react";
import { Link, useNavigate } from "react-router";
import { joinNames } from "../chat/channel-display";
import { fullDate, relativeTime } from "../chat/relative-time";
import { Avatar } from "../components/avatar";
import { MessageText } from "../components/message/message-text";

interface Props {
  thread: ThreadSummary;
  /** The channel's name as the sidebar shows it (a DM's: the other people). */
  channelName: string;
  userId: string | undefined;
  now: Date;
}

/** One thread of the inbox: a link that opens its channel with the thread pane. */
export function ThreadRow({ thread, channelName, userId, now }: Props) {
  const { parent, unread_replies: unread } = thread;
  const navigate = useNavigate();
  const names = useMemo(() => {
    const out: Record<string, string> = {};
    for (const u of thread.participants) out[u.id] = u.name;
    return out;
  }, [thread.participants]);
  const last = thread.latest_replies.at(-1);
  const people = joinNames(
    thread.participants.map((u) => (u.id === userId ? "you" : u.name)),
    3,
    thread.participant_count,
  );
  const replies = `${thread.reply_count} ${thread.reply_count === 1 ? "reply" : "replies"}`;
  const path = channelPath(parent.cid, parent.id);
  // The row opens the thread on a click anywhere but a link of the text; the keyboard uses its
  // link (rows hold the parent's rendered text, which may hold links: no link wraps the row).
  const open = (event: MouseEvent<HTMLLIElement>) => {
    if ((event.target as HTMLElement).closest("a, button")) return;
    navigate(path);
  };
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the row's link is the keyboard's way in
    <li
      className="thread-row"
      data-testid="thread-row"
      data-parent-id={parent.id}
      data-unread={unread > 0 ? "true" : undefined}
      onClick={open}
    >
      <span className="thread-row__top">
        <Link className="thread-row__link" to={path}>
          {channelName}
          <span className="visually-hidden">, thread by {parent.user.name}</span>
        </Link>
        <time
          className="thread-row__time"
          dateTime={thread.last_reply_at}
          title={fullDate(thread.last_reply_at)}
        >
          {relativeTime(thread.last_reply_at, now)}
        </time>
        {unread > 0 && (
          <span className="badge" data-testid="thread-row-unread">
            {unread}
            <span className="visually-hidden"> unread {unread === 1 ? "reply" : "replies"}</span>
          </span>
        )}
      </span>
      <span className="thread-row__author">{parent.user.name}</span>
      <span className="thread-row__text">
        <MessageText text={parent.text} mentions={parent.mentioned_users} userId={userId} names={names} />
      </span>
      {last && (
        <span className="thread-row__last">
          <span className="thread-row__last-author">{last.user.name}:</span> {plainText(last.text)}
        </span>
      )}
      <span className="thread-row__meta">
        <span className="thread-row__avatars" aria-hidden="true">
          {thread.participants.map((u) => (
            <Avatar key={u.id} name={u.name} image={u.image} colourKey={u.id} size="xs" />
          ))}
        </span>
        <span>
          {replies} · {people}
        </span>
      </span>
    </li>
  );
}
