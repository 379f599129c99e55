import type { ChatClient, SearchItems, SearchSourceState, SearchSourceType } from "@parley/client";
import type { ChannelResponse, MessageSearchResult, UserResponse } from "@parley/protocol";
import { ChannelRow, MessageRow, UserRow } from "./search-result-rows";

export type SearchItem = SearchItems[SearchSourceType];

interface Props {
  client: ChatClient;
  type: SearchSourceType;
  source: SearchSourceState<SearchItem>;
  /** The query as typed (trimmed). */
  query: string;
  listId: string;
  labelledBy: string;
  active: number;
  onActivate: (index: number) => void;
  onChoose: (index: number) => void;
  onLoadMore: () => void;
  onRetry: () => void;
}

const NOUNS: Record<SearchSourceType, string> = {
  users: "people",
  channels: "channels",
  messages: "messages",
};

export const optionId = (listId: string, index: number) => `${listId}-${index}`;

/** The active tab's results: rows, empty, loading and error states, and "Load more". */
export function SearchResults(props: Props) {
  const { client, type, source, query, listId, active } = props;
  const waiting = source.searchQuery !== query;
  const loading = source.isLoading || waiting;
  const items = waiting ? [] : source.items;
  return (
    <div id={`${listId}-panel`} role="tabpanel" aria-labelledby={props.labelledBy} className="search-results">
      <p className="visually-hidden" role="status">
        {loading ? "" : `${items.length}${source.hasNext ? " or more" : ""} ${NOUNS[type]} found`}
      </p>
      {source.lastQueryError && !waiting ? (
        <div className="search-results__state search-results__state--error" role="alert">
          Search failed.{" "}
          <button type="button" className="search-results__link" onClick={props.onRetry}>
            Try again
          </button>
        </div>
      ) : items.length === 0 ? (
        <p className="search-results__state">
          {loading ? "Searching…" : `No ${NOUNS[type]} match “${query}”.`}
        </p>
      ) : null}
      {items.length > 0 && (
        <div
          id={listId}
          role="listbox"
          aria-label={`${NOUNS[type]} results`}
          className="search-results__list"
        >
          {items.map((item, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard users choose with ↑ ↓ Enter in the search field (aria-activedescendant)
            <div
              key={keyOf(type, item)}
              tabIndex={-1}
              id={optionId(listId, index)}
              role="option"
              aria-selected={index === active}
              className={index === active ? "search-row search-row--active" : "search-row"}
              data-testid={`search-result-${type}`}
              onMouseDown={(event) => event.preventDefault()}
              onMouseMove={() => index !== active && props.onActivate(index)}
              onClick={() => props.onChoose(index)}
            >
              {type === "users" ? (
                <UserRow user={item as UserResponse} query={query} />
              ) : type === "channels" ? (
                <ChannelRow client={client} channel={item as ChannelResponse} query={query} />
              ) : (
                <MessageRow result={item as MessageSearchResult} />
              )}
            </div>
          ))}
        </div>
      )}
      {items.length > 0 && source.hasNext && (
        <button
          type="button"
          className="search-results__more"
          disabled={source.isLoading}
          onMouseDown={(event) => event.preventDefault()}
          onClick={props.onLoadMore}
        >
          {source.isLoading ? "Loading…" : "Load more"}
        </button>
      )}
    </div>
  );
}

function keyOf(type: SearchSourceType, item: SearchItem): string {
  if (type === "messages") return (item as MessageSearchResult).message.id;
  if (type === "channels") return (item as ChannelResponse).cid;
  return (item as UserResponse).id;
}
