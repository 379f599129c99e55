import type { Channel, ChannelStateSnapshot } from "@parley/client";
import { useEffect, useState } from "react";

function pageActive(): boolean {
  return !document.hidden && document.hasFocus();
}

/** Whether the tab is visible and focused, updated on focus, blur and visibility changes. */
export function usePageActive(): boolean {
  const [active, setActive] = useState(pageActive);
  useEffect(() => {
    const update = () => setActive(pageActive());
    window.addEventListener("focus", update);
    window.addEventListener("blur", update);
    document.addEventListener("visibilitychange", update);
    return () => {
      window.removeEventListener("focus", update);
      window.removeEventListener("blur", update);
      document.removeEventListener("visibilitychange", update);
    };
  }, []);
  return active;
}

/**
 * Marks the channel read while its newest messages are on screen and the window has focus;
 * again whenever something new arrives under those conditions.
 */
export function useMarkRead(channel: Channel, state: ChannelStateSnapshot, atBottom: boolean): void {
  const active = usePageActive();
  const unread = state.unreadCount;
  const member = state.membership !== null;
  useEffect(() => {
    if (!atBottom || !active || unread === 0 || !member) return;
    const timer = setTimeout(() => {
      channel.markRead().catch(() => {});
    }, 150);
    return () => clearTimeout(timer);
  }, [channel, atBottom, active, unread, member]);
}
