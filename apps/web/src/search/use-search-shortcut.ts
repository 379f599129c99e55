import { useCallback, useLayoutEffect } from "react";
import { useLocation, useNavigate } from "react-router";

/** The search view's query field (one in the page). */
export const SEARCH_INPUT_ID = "search-view-input";

/** Where the search view goes back to: the page it was opened from. */
export interface SearchFrom {
  from?: string;
}

/**
 * Opens the search view (`/search`), remembering the page it was opened from; when it is open
 * already, focuses its field. `query` starts it with that query.
 */
export function useOpenSearch(): (query?: string) => void {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (query?: string) => {
      if (location.pathname === "/search" && query === undefined) {
        const field = document.getElementById(SEARCH_INPUT_ID);
        if (field instanceof HTMLInputElement) {
          field.focus();
          field.select();
        }
        return;
      }
      const state: SearchFrom = { from: `${location.pathname}${location.search}` };
      navigate(query ? `/search?${new URLSearchParams({ q: query })}` : "/search", { state });
    },
    [navigate, location.pathname, location.search],
  );
}

/**
 * Ctrl+K (Cmd+K on a Mac) opens the search view from anywhere in the chat. Bound in the commit
 * that shows the chat (a layout effect), so a key pressed the moment it appears is not lost.
 */
export function useSearchShortcut(open: () => void): void {
  useLayoutEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== "k" || !(event.ctrlKey || event.metaKey) || event.altKey) return;
      event.preventDefault();
      open();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open]);
}
