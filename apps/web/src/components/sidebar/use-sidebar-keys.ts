import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { channelPath } from "../../chat/channel-route";
import { type NavRow, overlayOpen, stepChannel } from "./sidebar-nav";

/**
 * Alt+↑/↓: the previous or next channel in sidebar order; Alt+Shift+↑/↓: the previous or next
 * unread one. Anywhere in the chat, except while a menu or dialog is open.
 */
export function useSidebarKeys(rows: readonly NavRow[], current: string | null): void {
  const navigate = useNavigate();
  // `sent`: where the last key went. A navigation renders a moment after it starts; a key pressed
  // in between moves on from there, not from the channel still on screen.
  const latest = useRef<{ rows: readonly NavRow[]; current: string | null; sent: string | null }>({
    rows,
    current,
    sent: null,
  });
  const sent = latest.current.current === current ? latest.current.sent : null;
  latest.current = { rows, current, sent };
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key !== "ArrowUp" && event.key !== "ArrowDown") return;
      if (overlayOpen()) return;
      const { rows, current, sent } = latest.current;
      const next = stepChannel(rows, sent ?? current, event.key === "ArrowDown" ? 1 : -1, event.shiftKey);
      // Taken before the focused element sees it: a focused message or the composer would
      // read the arrow as their own.
      event.preventDefault();
      event.stopPropagation();
      if (!next) return;
      latest.current.sent = next;
      void navigate(channelPath(next));
    };
    window.addEventListener("keydown", onKeyDown, { capture: true });
    return () => window.removeEventListener("keydown", onKeyDown, { capture: true });
  }, [navigate]);
}
