import type { ChatClient, SearchItems, SearchSourceState, SearchSourceType } from "@parley/client";
import type { ChannelResponse, MessageSearchResult, UserResponse } from "@parley/protocol";
import type { KeyboardEvent, RefObject } from "react";
import { useNow } from "../chat/use-now";
import { ChannelHit, MessageHit, PersonHit } from "./search-hits";
import { countLabel, errorText, pluralNoun, TAB_NAMES, type ViewStatus } from "./search-status";

export type SearchItem = SearchItems[SearchSourceType];

interface Props {
  client: ChatClient;
  type: SearchSourceType;
  source: SearchSourceState<SearchItem>;
  status: ViewStatus;
  query: string;
  list: RefObject<HTMLUListElement | null>;
  focusable: number;
  onFocusRow: (index: number) => void;
  onListKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  onOpen: (index: number) => void;
  onLoadMore: () => void;
  onRetry: () => void;
}

const SKELETONS = 3;

/** The active source's results with their loading, empty and error states, and "Load more". */
export function SearchResults(props: Props) {
  const { type, source, status, query } = props;
  const items = status === "results" ? source.items : [];
  const summary = status === "results" ? countLabel(type, items.length, source.hasNext) : "";
  return (
    <>
      <p className="visually-hidden" role="status">
        {status === "loading" ? "Searching…" : summary}
      </p>
      {status === "loading" && <Skeletons />}
      {status === "empty" && (
        <p className="search-results__state">
          No {pluralNoun(type)} match “{query}”.
        </p>
      )}
      {status === "error" && <Failure error={source.lastQueryError} onRetry={props.onRetry} />}
      {items.length > 0 && (
        <ul
          ref={props.list}
          className="search-results__list"
          aria-label={`${TAB_NAMES[type]} found`}
          onKeyDown={props.onListKeyDown}
        >
          {items.map((item, index) => (
            <li key={keyOf(type, item)}>
              <Hit {...props} item={item} index={index} />
            </li>
          ))}
        </ul>
      )}
      {items.length > 0 && source.lastQueryError && !source.isLoading && (
        <Failure error={source.lastQueryError} onRetry={props.onLoadMore} />
      )}
      {items.length > 0 && source.hasNext && !source.lastQueryError && (
        <button
          type="button"
          className="button search-results__more"
          disabled={source.isLoading}
          onClick={props.onLoadMore}
        >
          {source.isLoading ? "Loading…" : "Load more"}
        </button>
      )}
    </>
  );
}

function Hit(props: Props & { item: SearchItem; index: number }) {
  const { client, type, item, index, query } = props;
  const now = useNow();
  const hit = {
    tabIndex: index === props.focusable ? 0 : -1,
    onOpen: () => props.onOpen(index),
    onFocus: () => props.onFocusRow(index),
  };
  if (type === "messages") {
    return <MessageHit {...hit} client={client} result={item as MessageSearchResult} now={now} />;
  }
  if (type === "channels")
    return <ChannelHit {...hit} client={client} channel={item as ChannelResponse} query={query} />;
  return <PersonHit {...hit} user={item as UserResponse} query={query} />;
}

function Failure({ error, onRetry }: { error: Error | undefined; onRetry: () => void }) {
  return (
    <div className="search-results__state search-results__state--error" role="alert">
      {errorText(error)}{" "}
      <button type="button" className="search-results__link" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

function Skeletons() {
  return (
    <ul className="search-results__list" aria-hidden="true">
      {Array.from({ length: SKELETONS }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
        <li key={i} className="search-hit search-hit--skeleton">
          <span className="skeleton skeleton--avatar" />
          <span className="search-hit__main">
            <span className="skeleton skeleton--line skeleton--short" />
            <span className="skeleton skeleton--line" style={{ width: `${60 + ((i * 13) % 30)}%` }} />
          </span>
        </li>
      ))}
    </ul>
  );
}

function keyOf(type: SearchSourceType, item: SearchItem): string {
  if (type === "messages") return (item as MessageSearchResult).message.id;
  if (type === "channels") return (item as ChannelResponse).cid;
  return (item as UserResponse).id;
}
