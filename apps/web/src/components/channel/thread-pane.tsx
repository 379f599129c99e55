import type { Channel, ChannelStateSnapshot } from "@parley/client";
import { useLayoutEffect, useRef } from "react";
import { useChannelUi } from "../../chat/channel-ui";
import { continuesGroup } from "../../chat/message-grouping";
import { attempt } from "../../chat/notices";
import { useThread } from "../../chat/use-thread";
import { MessageItem } from "../message/message-item";
import { Icon } from "../ui/icons";
import { Composer } from "./composer";
import { TypingIndicator } from "./typing-indicator";

/** A thread beside the channel (desktop) or in its place (phone): parent, replies, own composer. */
export function ThreadPane({
  channel,
  state,
  parentId,
}: {
  channel: Channel;
  state: ChannelStateSnapshot;
  parentId: string;
}) {
  const ui = useChannelUi();
  const { thread, state: ts } = useThread(channel, parentId, state.threadUnread[parentId] ?? 0);
  const pane = useRef<HTMLElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  const count = ts.replies.length;
  // biome-ignore lint/correctness/useExhaustiveDependencies: follow new replies when the reader is at the bottom
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && stick.current) el.scrollTop = el.scrollHeight;
  }, [count, ts.parent]);
  const replyCount = ts.parent?.reply_count ?? count;
  return (
    // Esc anywhere in the pane closes it (menus and dialogs inside take their Esc first).
    <aside
      className="thread-pane"
      aria-label="Thread"
      ref={pane}
      data-testid="thread-pane"
      onKeyDown={(e) => {
        if (e.key === "Escape" && !e.defaultPrevented) {
          e.preventDefault();
          ui.closeThread();
        }
      }}
    >
      <header className="thread-pane__header">
        <button
          type="button"
          className="icon-button thread-pane__back"
          aria-label="Back to the channel"
          onClick={ui.closeThread}
        >
          <Icon name="back" />
        </button>
        <h2 className="thread-pane__title">Thread</h2>
        <button
          type="button"
          className="icon-button thread-pane__close"
          aria-label="Close thread"
          onClick={ui.closeThread}
        >
          <Icon name="close" />
        </button>
      </header>
      <div
        className="thread-pane__scroll"
        ref={scroller}
        onScroll={(e) => {
          const el = e.currentTarget;
          stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
        }}
      >
        {ts.error && !ts.parent && (
          <p className="pane-empty__text" role="alert">
            This thread could not be loaded. {ts.error.message}
          </p>
        )}
        {ts.parent && <MessageItem message={ts.parent} groupStart inThread />}
        <div className="thread-pane__count">
          <span>
            {replyCount} {replyCount === 1 ? "reply" : "replies"}
          </span>
        </div>
        {ts.hasMoreOlder && ts.initialized && count > 0 && (
          <button
            type="button"
            className="button button--small thread-pane__older"
            onClick={() => attempt("load earlier replies", () => thread.loadOlder())}
            disabled={ts.loadingOlder}
          >
            {ts.loadingOlder ? "Loading…" : "Load earlier replies"}
          </button>
        )}
        {ts.loading && !ts.initialized && (
          <div className="thread-pane__loading" aria-busy="true">
            <span className="skeleton skeleton--line" />
            <span className="skeleton skeleton--line skeleton--short" />
            <span className="visually-hidden">Loading replies</span>
          </div>
        )}
        <div
          role="log"
          aria-label="Replies"
          aria-live="polite"
          data-testid="thread-replies"
          data-message-scope="true"
        >
          {ts.replies.map((m, i) => (
            <MessageItem
              key={m.id}
              message={m}
              groupStart={!continuesGroup(ts.replies[i - 1], m)}
              inThread
              tabbable={i === ts.replies.length - 1}
            />
          ))}
        </div>
      </div>
      <TypingIndicator state={state} parentId={parentId} />
      {state.membership && (
        <Composer
          channel={channel}
          state={state}
          parentId={parentId}
          messages={ts.replies}
          placeholder="Reply in thread"
          dropZone={pane}
        />
      )}
    </aside>
  );
}
