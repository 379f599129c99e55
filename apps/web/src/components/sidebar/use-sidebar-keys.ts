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
  const latest = useRef({ rows, current });
  latest.current = { rows, current };
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key !== "ArrowUp" && event.key !== "ArrowDown") return;
      if (overlayOpen()) return;
      const { rows, current } = latest.current;
      const next = stepChannel(rows, current, event.key === "ArrowDown" ? 1 : -1, event.shiftKey);
      // Taken before the focused element sees it: a focused message or the composer would
      // read the arrow as their own.
      event.preventDefault();
      event.stopPropagation();
      if (next) navigate(channelPath(next));
    };
    window.addEventListener("keydown", onKeyDown, { capture: true });
    return () => window.removeEventListener("keydown", onKeyDown, { capture: true });
  }, [navigate]);
}
