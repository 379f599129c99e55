import { useMatch } from "react-router";
import { useOpenSearch } from "./use-search-shortcut";
import "./search-box.css";

const isMac = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform);

/**
 * The search box at the top of the channel list: opens the full search view (Ctrl/Cmd+K, bound
 * by its slot in chat/extensions.tsx, opens it too). A button, not a field: the view has the one
 * search field, so it is never doubled.
 */
export function SearchBox() {
  const open = useOpenSearch();
  const inSearch = useMatch("/search") !== null;
  return (
    <button
      type="button"
      className="search-box"
      aria-label="Search messages, channels and people"
      aria-keyshortcuts={isMac ? "Meta+K" : "Control+K"}
      aria-current={inSearch ? "page" : undefined}
      onClick={() => open()}
    >
      <svg className="search-box__icon" viewBox="0 0 20 20" width="16" height="16" aria-hidden="true">
        <circle cx="9" cy="9" r="5.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
        <path d="M13 13l4 4" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      </svg>
      <span className="search-box__label">Search</span>
      <span className="search-box__kbd" aria-hidden="true">
        {isMac ? "⌘K" : "Ctrl K"}
      </span>
    </button>
  );
}
