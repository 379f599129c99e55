import type { ChatClient, SearchSourceType } from "@parley/client";
import { type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import { clampActive, searchKeyOutcome } from "./search-keys";
import { optionId, SearchResults } from "./search-results";
import { SearchTabs, tabId } from "./search-tabs";
import { useOpenResult } from "./use-open-result";
import { useSearch } from "./use-search";
import { usePressOutside, useSearchShortcut } from "./use-search-shortcut";
import "../polls/forms.css";
import "./search.css";

const isMac = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform);

/**
 * The search field at the top of the channel list (Ctrl/Cmd+K): Users / Channels / Messages,
 * results as you type (the SDK's controller debounces and pages), ↑ ↓ Enter to choose, Esc to clear.
 */
export function SearchPanel({ client }: { client: ChatClient }) {
  const { controller, state, active: type } = useSearch(client);
  const openResult = useOpenResult(client);
  const [open, setOpen] = useState(false);
  const [activeRow, setActiveRow] = useState(-1);
  const [failure, setFailure] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const container = useRef<HTMLDivElement>(null);
  const baseId = useId();
  const listId = `${baseId}-list`;
  const source = state.sources[type];
  const query = state.searchQuery.trim();
  const count = source.searchQuery === query ? source.items.length : 0;
  const showResults = open && query !== "";
  const row = clampActive(activeRow, count);

  const show = useCallback(() => setOpen(true), []);
  const hide = useCallback(() => setOpen(false), []);
  useSearchShortcut(input, show);
  usePressOutside(open, container, hide);
  // A new query or tab starts with no active row.
  useEffect(() => {
    void query;
    void type;
    setActiveRow(-1);
  }, [query, type]);

  const clear = () => {
    controller.clear();
    setFailure(null);
    setActiveRow(-1);
  };

  const choose = async (index: number) => {
    const item = source.items[index];
    if (!item) return;
    setFailure(null);
    try {
      if (type === "users") await openResult.user(item as Parameters<typeof openResult.user>[0]);
      else if (type === "channels") openResult.channel(item as Parameters<typeof openResult.channel>[0]);
      else openResult.message(item as Parameters<typeof openResult.message>[0]);
      clear();
      setOpen(false);
      input.current?.blur();
    } catch {
      setFailure("Could not open the conversation. Try again.");
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Escape" && query === "") {
      input.current?.blur();
      setOpen(false);
      return;
    }
    const outcome = searchKeyOutcome(event.key, row, count, source.hasNext);
    if (outcome.type === "none") return;
    event.preventDefault();
    setOpen(true);
    if (outcome.type === "move") {
      setActiveRow(outcome.index);
      document.getElementById(optionId(listId, outcome.index))?.scrollIntoView({ block: "nearest" });
    } else if (outcome.type === "open") void choose(outcome.index);
    else if (outcome.type === "loadMore") void controller.loadMore(type).then(() => setActiveRow(count));
    else clear();
  };

  const selectTab = (next: SearchSourceType) => controller.activateSource(next);

  return (
    <div className="search-panel" ref={container}>
      <search className="search-panel__field">
        <svg
          className="search-panel__icon"
          viewBox="0 0 20 20"
          width="16"
          height="16"
          aria-hidden="true"
          focusable="false"
        >
          <circle cx="9" cy="9" r="5.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <path d="M13 13l4 4" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
        <input
          ref={input}
          type="text"
          className="search-panel__input"
          role="combobox"
          aria-label="Search people, channels and messages"
          aria-expanded={showResults}
          aria-controls={`${listId}-panel`}
          aria-autocomplete="list"
          aria-activedescendant={showResults && row >= 0 ? optionId(listId, row) : undefined}
          placeholder="Search"
          autoComplete="off"
          spellCheck={false}
          value={state.searchQuery}
          onChange={(event) => {
            setOpen(true);
            controller.search(event.target.value);
          }}
          onFocus={show}
          onKeyDown={onKeyDown}
        />
        {state.searchQuery ? (
          <button
            type="button"
            className="search-panel__clear"
            aria-label="Clear search"
            onClick={() => {
              clear();
              input.current?.focus();
            }}
          >
            ×
          </button>
        ) : (
          <span className="search-panel__kbd" aria-hidden="true">
            {isMac ? "⌘K" : "Ctrl K"}
          </span>
        )}
      </search>
      {showResults && (
        <div className="search-panel__popup">
          <SearchTabs baseId={baseId} panelId={`${listId}-panel`} active={type} onSelect={selectTab} />
          {failure && (
            <p className="search-results__state search-results__state--error" role="alert">
              {failure}
            </p>
          )}
          <SearchResults
            client={client}
            type={type}
            source={source}
            query={query}
            listId={listId}
            labelledBy={tabId(baseId, type)}
            active={row}
            onActivate={setActiveRow}
            onChoose={(index) => void choose(index)}
            onLoadMore={() => void controller.loadMore(type)}
            onRetry={() => void controller.sources[type].executeQuery(query)}
          />
        </div>
      )}
    </div>
  );
}
