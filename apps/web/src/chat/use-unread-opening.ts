/**
 * Opening a channel where the user left off: with unread messages it opens at the first of them
 * (from the member's own read state, kept by the SDK), loading history around it when the newest
 * page does not reach back that far; with nothing unread it opens at the newest, with no request
 * beyond the channel's own. Decided once, when the channel opens.
 */
import type { Channel } from "@parley/client";
import { useCallback, useEffect, useState } from "react";

export interface UnreadOpening {
  /** "loading" while history back to the first unread message loads. */
  status: "loading" | "ready";
  /** The message the "New" divider goes before; null when there is none (or it was cleared). */
  firstUnreadId: string | null;
  /** The list opens at the divider, not at the newest message. */
  atUnread: boolean;
  /** Unread messages when the channel opened. */
  count: number;
  /** The bar over the list ("N new messages since …") is shown. */
  barShown: boolean;
  /** Mark as read / Esc: the bar and the divider go. */
  dismiss: () => void;
}

/** `atMessage`: the channel is opened at another message (search): no opening at the unread. */
export function useUnreadOpening(channel: Channel, atMessage: boolean): UnreadOpening {
  const [initial] = useState(() => channel.firstUnread());
  const [count] = useState(() => channel.state.unreadCount);
  const load = initial.kind === "missing" && !atMessage;
  // Nothing unread, but a window far back held from an earlier visit: the newest are shown instead.
  const [drop] = useState(() => initial.kind === "none" && !atMessage && channel.state.gapAfter !== null);
  const [status, setStatus] = useState<UnreadOpening["status"]>(load || drop ? "loading" : "ready");
  const [firstUnreadId, setFirstUnreadId] = useState(initial.kind === "held" ? initial.id : null);
  const [atUnread, setAtUnread] = useState(!atMessage && initial.kind === "held");
  const [barShown, setBarShown] = useState(!atMessage && initial.kind === "held");

  useEffect(() => {
    if (!drop) return;
    channel.dropWindow();
    setStatus("ready");
  }, [channel, drop]);

  useEffect(() => {
    if (!load) return;
    let cancelled = false;
    channel
      .loadFirstUnread()
      .then((id) => {
        if (cancelled) return;
        setFirstUnreadId(id);
        setAtUnread(id !== null);
        setBarShown(id !== null);
      })
      // Not reachable: the channel opens at its newest message, as with nothing unread.
      .catch(() => {})
      .finally(() => {
        if (!cancelled) setStatus("ready");
      });
    return () => {
      cancelled = true;
    };
  }, [channel, load]);

  const dismiss = useCallback(() => {
    setFirstUnreadId(null);
    setBarShown(false);
  }, []);
  return { status, firstUnreadId, atUnread, count, barShown, dismiss };
}
