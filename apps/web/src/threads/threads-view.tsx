import type { ChatClient } from "@parley/client";
import type { ThreadSummary } from "@parley/protocol";
import type { KeyboardEvent } from "react";
import { Link } from "react-router";
import { channelDisplay } from "../chat/channel-display";
import { useClientState } from "../chat/client-context";
import { useNow } from "../chat/use-now";
import { PageTitle } from "../components/page-title";
import { Icon } from "../components/ui/icons";
import { ThreadRow } from "./thread-row";
import { useThreadsInbox } from "./use-threads-inbox";
import "./threads.css";

const SKELETON_ROWS = 4;

/** A DM's name is its other members', as the sidebar names it, when the client holds the channel. */
function nameOf(client: ChatClient, thread: ThreadSummary, userId: string | undefined): string {
  const held = client.activeChannels.get(thread.channel.cid);
  if (held?.state.channel) return channelDisplay(held.state, userId, thread.channel.cid).name;
  if (thread.channel.name) return thread.channel.is_direct ? thread.channel.name : `#${thread.channel.name}`;
  return thread.channel.is_direct ? "Direct message" : thread.channel.id;
}

/** ↑ ↓ Home End move between the rows' links. */
function onListKey(event: KeyboardEvent<HTMLUListElement>) {
  const links = [...event.currentTarget.querySelectorAll<HTMLAnchorElement>(".thread-row__link")];
  const at = links.indexOf(document.activeElement as HTMLAnchorElement);
  const to =
    event.key === "ArrowDown"
      ? Math.min(at + 1, links.length - 1)
      : event.key === "ArrowUp"
        ? Math.max(at - 1, 0)
        : event.key === "Home"
          ? 0
          : event.key === "End"
            ? links.length - 1
            : -1;
  if (to < 0 || at < 0) return;
  event.preventDefault();
  links[to]?.focus();
}

/** /threads: the threads the user takes part in, newest activity first, with unread replies. */
export function ThreadsView({ client }: { client: ChatClient }) {
  const { state, retry, loadMore } = useThreadsInbox(client);
  const { userID, unreadThreadReplies } = useClientState();
  const now = useNow();
  const loading = state.status === "idle" || state.status === "loading";
  return (
    <section className="threads-view" aria-labelledby="threads-title">
      <PageTitle base="Threads · Parley" />
      <header className="threads-view__header">
        <Link to="/chats" className="icon-button threads-view__back" aria-label="Back to chats">
          <Icon name="back" />
        </Link>
        <h1 id="threads-title" className="threads-view__title">
          Threads
        </h1>
        {unreadThreadReplies > 0 && (
          <span className="threads-view__count">
            {unreadThreadReplies} unread {unreadThreadReplies === 1 ? "reply" : "replies"}
          </span>
        )}
      </header>
      <div className="threads-view__body">
        {loading && state.threads.length === 0 ? (
          <ul className="threads-list" aria-busy="true" aria-label="Loading threads">
            {Array.from({ length: SKELETON_ROWS }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
              <li key={i} className="thread-row thread-row--skeleton" aria-hidden="true">
                <span className="skeleton skeleton--line skeleton--short" />
                <span className="skeleton skeleton--line" style={{ width: `${55 + ((i * 17) % 35)}%` }} />
                <span className="skeleton skeleton--line skeleton--short" />
              </li>
            ))}
          </ul>
        ) : state.status === "error" ? (
          <div className="threads-view__empty" role="alert">
            <p>Could not load your threads.</p>
            <button type="button" className="button" onClick={retry}>
              Try again
            </button>
          </div>
        ) : state.threads.length === 0 ? (
          <p className="threads-view__empty" data-testid="threads-empty">
            No threads yet — replies you write or get appear here
          </p>
        ) : (
          <>
            <ul className="threads-list" aria-label="Threads" onKeyDown={onListKey}>
              {state.threads.map((t) => (
                <ThreadRow
                  key={t.parent.id}
                  thread={t}
                  channelName={nameOf(client, t, userID)}
                  userId={userID}
                  now={now}
                />
              ))}
            </ul>
            {state.hasMore && (
              <button
                type="button"
                className="button threads-view__more"
                onClick={loadMore}
                disabled={state.loadingMore}
              >
                {state.loadingMore ? "Loading…" : "Show more threads"}
              </button>
            )}
          </>
        )}
      </div>
    </section>
  );
}
