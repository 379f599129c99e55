import type { ChatClient } from "@parley/client";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { PageTitle } from "../components/page-title";
import { Icon } from "../components/ui/icons";
import { SearchField } from "./search-field";
import { SearchHelp } from "./search-help";
import { SearchResults } from "./search-results";
import { viewStatus } from "./search-status";
import { SearchTabs, tabId } from "./search-tabs";
import { useCloseSearch } from "./use-close-search";
import { useOpenResult } from "./use-open-result";
import { useResultKeys } from "./use-result-keys";
import { useSearch } from "./use-search";
import "./search.css";

/**
 * The search view (/search?q=…) in the chat's main area: the field, Messages / Channels /
 * People tabs with their counts, the results (messages as markdown, the match marked) and the
 * filter help. The SDK's controller and picker hold the search; this only renders it.
 */
export function SearchView({ client }: { client: ChatClient }) {
  const { controller, picker, state, active, query, setQuery, choose } = useSearch(client);
  const close = useCloseSearch();
  const openResult = useOpenResult(client);
  const [failure, setFailure] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  // Focused after useSearch has subscribed to the controller (effects run in hook order), not by
  // autoFocus in the commit: the view mounts in a router transition, whose effects run a moment
  // later, and a key typed before that subscription would be taken back by the controlled field.
  useEffect(() => input.current?.focus(), []);
  const list = useRef<HTMLUListElement>(null);
  const baseId = useId();
  const panelId = `${baseId}-panel`;
  const source = state.sources[active];
  const status = viewStatus(state, active, query, picker.chosen);
  const count = status === "results" ? source.items.length : 0;

  const open = async (index: number) => {
    const item = source.items[index];
    if (!item) return;
    setFailure(null);
    try {
      await openResult.item(active, item);
    } catch {
      setFailure("Could not open the conversation. Try again.");
    }
  };
  const keys = useResultKeys({
    input,
    list,
    count,
    hasMore: source.hasNext,
    resetKey: `${active}\u0000${query}`,
    open: (index) => void open(index),
    loadMore: () => controller.loadMore(active),
  });
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== "Escape" || event.defaultPrevented) return;
    event.preventDefault();
    close();
  };

  return (
    <section className="search-view" aria-labelledby={`${baseId}-title`} onKeyDown={onKeyDown}>
      <PageTitle base={query ? `${query} · Search · Parley` : "Search · Parley"} />
      <header className="channel-header search-view__header">
        <h1 id={`${baseId}-title`} className="visually-hidden">
          Search
        </h1>
        <SearchField
          ref={input}
          value={state.searchQuery}
          onChange={setQuery}
          onKeyDown={keys.onInputKeyDown}
        />
        <button
          type="button"
          className="icon-button search-view__close"
          aria-label="Close search"
          onClick={close}
        >
          <Icon name="close" />
        </button>
      </header>
      <div className="search-view__bar">
        <SearchTabs
          baseId={baseId}
          panelId={panelId}
          state={state}
          query={query}
          active={active}
          onSelect={choose}
        />
        {query && <SearchHelp folded />}
      </div>
      <div id={panelId} role="tabpanel" aria-labelledby={tabId(baseId, active)} className="search-view__body">
        {failure && (
          <p className="search-results__state search-results__state--error" role="alert">
            {failure}
          </p>
        )}
        {status === "idle" ? (
          <SearchHelp folded={false} />
        ) : (
          <SearchResults
            client={client}
            type={active}
            source={source}
            status={status}
            query={query}
            list={list}
            focusable={keys.focusable}
            onFocusRow={keys.setActive}
            onListKeyDown={keys.onListKeyDown}
            onOpen={(index) => void open(index)}
            onLoadMore={() => void controller.loadMore(active)}
            onRetry={() => void controller.sources[active].executeQuery(query)}
          />
        )}
      </div>
    </section>
  );
}
