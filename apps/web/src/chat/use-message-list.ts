/**
 * The channel's message list as rows for the virtual list, plus what the list needs to behave like
 * a chat: loading older pages, the "new messages" count while the user reads history, and the
 * unread divider fixed where the user left off when the channel was opened.
 */
import type { Channel, ChannelStateSnapshot } from "@parley/client";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { withoutMutedAuthors } from "../moderation/roles";
import { useMutedUsers } from "../moderation/use-moderation-user";
import { useChatClient } from "./client-context";
import { anchorRows, type ListAnchor } from "./list-anchor";
import { buildRows, type MessageRow } from "./message-grouping";

export interface MessageListModel {
  rows: MessageRow[];
  firstItemIndex: number;
  loadingOlder: boolean;
  /** Loads the page before the oldest message held (one load at a time). */
  loadOlder: () => Promise<void>;
  /** Fills the gap after a window opened far back, a page at a time (one load at a time). */
  loadNewer: () => Promise<void>;
  /** Messages from others that arrived while the user was not at the bottom. */
  unseen: number;
  atBottom: boolean;
  setAtBottom: (atBottom: boolean) => void;
  /** Showing history opened far back, apart from the newest messages (a gap below it). */
  detached: boolean;
  /** The newest message is the user's own (the list then always follows). */
  lastIsOwn: boolean;
}

/** Where the user left off, fixed when the channel opened (use-unread-opening.ts). */
export interface ListOpening {
  /** The message the unread divider goes before (null: none). */
  firstUnreadId: string | null;
  /** The list opens at the divider, not at the newest message. */
  atUnread: boolean;
}

export function useMessageList(
  channel: Channel,
  state: ChannelStateSnapshot,
  userId: string | undefined,
  opening: ListOpening,
): MessageListModel {
  const dividerBefore = opening.firstUnreadId;
  // Messages of users the reader muted are hidden (me.mutes, kept by the SDK).
  const mutes = useMutedUsers(useChatClient());
  // History opened far back shows the block up to its hole (the newest messages come once it fills).
  const gapAfter = state.gapAfter;
  const shown = useMemo(() => {
    const at = gapAfter ? state.messages.findIndex((m) => m.id === gapAfter) : -1;
    return withoutMutedAuthors(at === -1 ? state.messages : state.messages.slice(0, at + 1), mutes);
  }, [state.messages, mutes, gapAfter]);
  const rows = useMemo(
    () => buildRows(shown, { firstUnreadId: dividerBefore, gapAfter }),
    [shown, dividerBefore, gapAfter],
  );
  const anchorRef = useRef<ListAnchor | null>(null);
  const anchor = useMemo(() => {
    const next = anchorRows(anchorRef.current, rows);
    anchorRef.current = next;
    return next;
  }, [rows]);

  const [loadingOlder, setLoadingOlder] = useState(false);
  const loadingRef = useRef(false);
  const hasMoreOlder = state.hasMoreOlder;
  const loadOlder = useCallback(async () => {
    if (loadingRef.current || !hasMoreOlder) return;
    loadingRef.current = true;
    setLoadingOlder(true);
    try {
      await channel.loadOlder();
    } catch {
      // The header keeps offering to load; the next scroll to the top tries again.
    } finally {
      loadingRef.current = false;
      setLoadingOlder(false);
    }
  }, [channel, hasMoreOlder]);

  const loadingNewer = useRef(false);
  const loadNewer = useCallback(async () => {
    if (loadingNewer.current) return;
    loadingNewer.current = true;
    try {
      await channel.loadNewer();
    } catch {
      // The gap row stays and offers to load again.
    } finally {
      loadingNewer.current = false;
    }
  }, [channel]);

  // Opened at the first unread, the list is not at the bottom until it says so (nothing is read yet).
  const [atBottom, setAtBottom] = useState(!opening.atUnread);
  const [unseen, setUnseen] = useState(0);
  const last = state.messages.at(-1);
  const lastIsOwn = last?.user.id === userId;
  const lastSeenId = useRef(last?.id);
  useEffect(() => {
    if (atBottom && !gapAfter) {
      setUnseen(0);
      lastSeenId.current = last?.id;
      return;
    }
    if (!last || last.id === lastSeenId.current || last.user.id === userId) return;
    lastSeenId.current = last.id;
    setUnseen((n) => n + 1);
  }, [atBottom, gapAfter, last, userId]);

  return {
    rows,
    firstItemIndex: anchor.firstItemIndex,
    loadingOlder,
    loadOlder,
    loadNewer,
    unseen,
    atBottom,
    setAtBottom,
    detached: gapAfter !== null,
    lastIsOwn,
  };
}
