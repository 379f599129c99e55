import type { Channel, ChannelStateSnapshot } from "@parley/client";
import { type RefObject, useEffect, useRef } from "react";
import { Virtuoso, type VirtuosoHandle } from "react-virtuoso";
import { useChannelUi } from "../../chat/channel-ui";
import { useClientState } from "../../chat/client-context";
import type { MessageRow } from "../../chat/message-grouping";
import { dayLabel } from "../../chat/relative-time";
import { useEscapeInChannel } from "../../chat/use-escape-in-channel";
import { useMarkRead } from "../../chat/use-mark-read";
import { useMessageList } from "../../chat/use-message-list";
import { type UnreadOpening, useUnreadOpening } from "../../chat/use-unread-opening";
import { useUnreadScroll } from "../../chat/use-unread-scroll";
import { useJumpToMessage } from "../../search/use-jump-to-message";
import { MessageItem } from "../message/message-item";
import { SystemMessage } from "../message/system-message";
import { Icon } from "../ui/icons";
import { NewMessagesAnnouncer } from "./new-messages-announcer";
import { UnreadBar } from "./unread-bar";

const LIST_COMPONENTS = { Header: ListStart };
const STICK_MS = 1_500;
/**
 * A message row's height before it is measured (one that starts a group is 53.5 px at the default
 * font size; one that continues it, about a line). Given one, Virtuoso skips its probe render of a
 * single row, so an opened channel shows its messages a frame sooner (docs/performance.md, P8).
 */
const ESTIMATED_ROW_PX = 48;

function Row({ row, tabbable, onGap }: { row: MessageRow; tabbable: boolean; onGap: () => Promise<void> }) {
  if (row.kind === "gap") return <GapRow onLoad={onGap} />;
  if (row.kind === "day") {
    return (
      <div className="day-separator">
        <span>{dayLabel(row.iso)}</span>
      </div>
    );
  }
  if (row.kind === "unread") {
    return (
      <div className="unread-divider" data-testid="unread-divider">
        <span>New</span>
        <span className="visually-hidden"> messages since you last read</span>
      </div>
    );
  }
  if (row.message.type === "system") return <SystemMessage message={row.message} tabbable={tabbable} />;
  return <MessageItem message={row.message} groupStart={row.groupStart} tabbable={tabbable} />;
}

/**
 * The channel's messages, virtualized: opens at the first unread message (history around it
 * loaded first when needed) or, with nothing unread, at the newest; loads older pages on
 * scrolling up without jumping, follows new messages only when the user is at the bottom.
 */
export function MessageList({ channel, state }: { channel: Channel; state: ChannelStateSnapshot }) {
  const opening = useUnreadOpening(channel, useChannelUi().highlightId !== null);
  if (opening.status === "loading") {
    return (
      <div className="message-list" aria-busy="true">
        <div className="list-start">
          <span className="skeleton skeleton--line skeleton--short" />
          <span className="visually-hidden">Loading unread messages</span>
        </div>
      </div>
    );
  }
  return <LoadedMessageList channel={channel} state={state} opening={opening} />;
}

function LoadedMessageList({
  channel,
  state,
  opening,
}: {
  channel: Channel;
  state: ChannelStateSnapshot;
  opening: UnreadOpening;
}) {
  const { userID } = useClientState();
  const list = useMessageList(channel, state, userID, opening);
  const newestKey = list.rows.findLast((r) => r.kind === "message")?.key;
  const virtuoso = useRef<VirtuosoHandle>(null);
  const root = useRef<HTMLDivElement>(null);
  // Opened at a message (?message=, from search): load back to it, scroll to it.
  const highlightId = useChannelUi().highlightId;
  const jumpTo = useJumpToMessage(channel, state, list.rows, virtuoso, highlightId);
  // Opened at the first unread: the divider near the top, kept there while the list settles.
  const unread = useUnreadScroll(channel, virtuoso, root, list.rows, opening);
  const markAllRead = () => {
    opening.dismiss();
    channel.markRead().catch(() => {});
  };
  useEscapeInChannel(root, opening.barShown, markAllRead);
  // Read only when the newest messages are on screen, not the bottom of history opened far back.
  useMarkRead(channel, state, list.atBottom && !list.detached);
  const jump = () => virtuoso.current?.scrollToIndex({ index: "LAST", align: "end", behavior: "auto" });
  const jumpToLatest = () => {
    if (list.detached) channel.dropWindow();
    requestAnimationFrame(jump);
  };
  // While the list settles (first render, an older page loaded while the user is at the bottom),
  // measured heights keep it pinned to the newest message; the user's own scrolling ends that, and
  // ends keeping a message opened from search in view.
  // Rows are measured as they render, so an opened list keeps settling for as long as the user
  // leaves it at the newest message. Opened at a message (search) or at the first unread, it is
  // not pinned to the newest: a page loaded on the way to that message must not pull it down.
  const pinned = !unread.initial && highlightId === null;
  const stickUntil = useRef(pinned ? Date.now() + STICK_MS : 0);
  const untouched = useRef(pinned);
  const release = () => {
    stickUntil.current = 0;
    untouched.current = false;
    jumpTo.stop();
    unread.stop();
  };
  const since = opening.firstUnreadId ? channel.findMessage(opening.firstUnreadId)?.created_at : undefined;
  const filledLast = useGapFilled(list.detached, list.rows.at(-1)?.key);

  return (
    <div className="message-list" ref={root}>
      {opening.barShown && (
        <UnreadBar
          count={opening.count}
          since={since ?? null}
          onJump={() => {
            release();
            unread.jump();
          }}
          onMarkRead={markAllRead}
        />
      )}
      <div
        className="message-list__log"
        data-message-scope="true"
        role="log"
        aria-label="Messages"
        aria-live="off"
        onWheel={release}
        onTouchMove={release}
        onKeyDown={release}
      >
        <Virtuoso
          ref={virtuoso}
          className="message-list__scroller"
          data={list.rows}
          firstItemIndex={list.firstItemIndex}
          initialTopMostItemIndex={
            unread.initial ?? { index: Math.max(0, list.rows.length - 1), align: "end" }
          }
          alignToBottom
          computeItemKey={(_, row) => row.key}
          itemContent={(_, row) => <Row row={row} tabbable={row.key === newestKey} onGap={list.loadNewer} />}
          followOutput={(atBottom) => {
            // Rows loaded into a gap, or the page that filled it, are history the user is
            // scrolling down through, not new messages: only a row newer than those is followed.
            if (list.detached) return false;
            if (filledLast.current !== undefined && filledLast.current === list.rows.at(-1)?.key)
              return false;
            return list.lastIsOwn || atBottom ? "auto" : false;
          }}
          atBottomStateChange={list.setAtBottom}
          atBottomThreshold={120}
          startReached={() => {
            // When the messages do not fill the view yet, the user is at the bottom: stay there.
            // Not at the bottom of history opened far back (a gap below): that is not the newest.
            const stay = list.atBottom && !list.detached && highlightId === null;
            if (stay) stickUntil.current = Date.now() + STICK_MS;
            void list.loadOlder().then(() => {
              if (stay) {
                stickUntil.current = Date.now() + STICK_MS;
                requestAnimationFrame(jump);
              }
            });
          }}
          totalListHeightChanged={() => {
            const settling = untouched.current && list.atBottom && !list.detached;
            if (settling || Date.now() < stickUntil.current) jump();
          }}
          increaseViewportBy={{ top: 800, bottom: 400 }}
          defaultItemHeight={ESTIMATED_ROW_PX}
          context={{ loading: list.loadingOlder, more: state.hasMoreOlder }}
          components={LIST_COMPONENTS}
        />
      </div>
      {(!list.atBottom || list.detached) && (
        <button type="button" className="jump-pill" onClick={jumpToLatest} data-testid="jump-to-latest">
          {list.unseen > 0 ? `New messages` : "Jump to latest"}
          <Icon name="down" size={16} />
        </button>
      )}
      <NewMessagesAnnouncer state={state} userId={userID} />
    </div>
  );
}

/**
 * Where newer messages are not loaded yet (history opened far back): they load as soon as the
 * row is rendered — the user scrolled down to it — and the button is there if that failed.
 */
function GapRow({ onLoad }: { onLoad: () => Promise<void> }) {
  useEffect(() => {
    void onLoad();
  }, [onLoad]);
  return (
    <div className="history-gap" data-testid="history-gap">
      <button type="button" className="button button--small" onClick={() => void onLoad()}>
        Load newer messages
      </button>
    </div>
  );
}

/** The last row when the list last stopped being detached (its gap filled up to the newest messages). */
function useGapFilled(detached: boolean, lastKey: string | undefined): RefObject<string | undefined> {
  const was = useRef(detached);
  const filledLast = useRef<string | undefined>(undefined);
  if (was.current && !detached) filledLast.current = lastKey;
  was.current = detached;
  return filledLast;
}

interface ListContext {
  loading: boolean;
  more: boolean;
}

/** Above the oldest message: a placeholder while older pages load, or the start of the conversation. */
function ListStart({ context }: { context?: ListContext }) {
  if (!context || context.loading || context.more) {
    return (
      <div className="list-start" aria-busy="true">
        <span className="skeleton skeleton--line skeleton--short" />
        <span className="visually-hidden">Loading older messages</span>
      </div>
    );
  }
  return <p className="list-start list-start--top">This is the start of the conversation.</p>;
}
