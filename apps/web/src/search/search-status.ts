/** What the search view says about a source: tab labels, counts and which state to show. Pure. */
import {
  ChatApiError,
  hasMessageSyntax,
  SEARCH_SOURCE_ORDER,
  type SearchControllerState,
  type SearchSourceState,
  type SearchSourceType,
} from "@parley/client";

/** The tabs, in the order the picker tries the sources: messages first. */
export const TAB_NAMES: Readonly<Record<SearchSourceType, string>> = {
  messages: "Messages",
  channels: "Channels",
  users: "People",
};

const NOUNS: Readonly<Record<SearchSourceType, readonly [one: string, many: string]>> = {
  messages: ["message", "messages"],
  channels: ["channel", "channels"],
  users: ["person", "people"],
};

/** The plural noun of a source ("messages", "people"). */
export const pluralNoun = (type: SearchSourceType): string => NOUNS[type][1];

/** "1 message", "2 messages", "10+ messages" (more pages exist), "1 person", "2 people". */
export function countLabel(type: SearchSourceType, count: number, more: boolean): string {
  const [one, many] = NOUNS[type];
  if (more) return `${count}+ ${many}`;
  return `${count} ${count === 1 ? one : many}`;
}

/** Whether a source holds its answer to `query` (not loading, not failed). */
export function answered(source: SearchSourceState<unknown>, query: string): boolean {
  return query !== "" && source.searchQuery === query && !source.isLoading && !source.lastQueryError;
}

/** A tab's label: its count once its source answered the query, else its name. */
export function tabLabel(type: SearchSourceType, source: SearchSourceState<unknown>, query: string): string {
  if (!answered(source, query)) return TAB_NAMES[type];
  return countLabel(type, source.items.length, source.hasNext);
}

export type ViewStatus = "idle" | "loading" | "error" | "empty" | "results";

/**
 * What the results area shows for the active source. While the picker may still hand an empty
 * answer over to the next source (it was not chosen, the query has no message syntax, and not
 * every source answered yet), the view keeps showing "searching" rather than a passing
 * "No … match".
 */
export function viewStatus(
  state: SearchControllerState,
  active: SearchSourceType,
  query: string,
  chosen: boolean,
): ViewStatus {
  if (!query) return "idle";
  const source = state.sources[active];
  if (source.searchQuery !== query) return "loading";
  if (source.items.length > 0) return "results";
  if (source.lastQueryError) return "error";
  if (source.isLoading) return "loading";
  const handsOver = !chosen && !hasMessageSyntax(query);
  if (handsOver && !SEARCH_SOURCE_ORDER.every((t) => answered(state.sources[t], query))) return "loading";
  return "empty";
}

/** What to say when a query failed: the server's reason for a bad filter, else a general line. */
export function errorText(error: Error | undefined): string {
  if (error instanceof ChatApiError && error.status === 400) {
    return error.fields?.q ?? error.message;
  }
  return "Search failed.";
}
