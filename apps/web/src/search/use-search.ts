import {
  type ChatClient,
  restSearchClient,
  SEARCH_SOURCE_ORDER,
  SearchController,
  type SearchControllerState,
  SearchSourcePicker,
  type SearchSourceType,
} from "@parley/client";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useSyncExternalStore } from "react";
import { useLocation, useNavigationType, useSearchParams } from "react-router";

export interface SearchBinding {
  controller: SearchController;
  picker: SearchSourcePicker;
  state: SearchControllerState;
  /** The one active source (the controller keeps a single one active). */
  active: SearchSourceType;
  /** The query as the controller holds it, trimmed. */
  query: string;
  /** A new query from the box: to the picker, and into the URL (`?q=`). */
  setQuery: (value: string) => void;
  /** The user picks a tab: it stays for the following queries, and goes into the URL (`&tab=`). */
  choose: (type: SearchSourceType) => void;
}

const isSource = (value: string | null): value is SearchSourceType =>
  SEARCH_SOURCE_ORDER.some((t) => t === value);

function searchParams(q: string, tab: SearchSourceType | undefined): Record<string, string> {
  return { ...(q ? { q } : {}), ...(tab ? { tab } : {}) };
}

/**
 * The SDK's search controller for this client (spec §4, §9: debounce, paging, one active source)
 * with its source picker (messages first, then the first source with results). The query lives
 * in the URL too (and a tab the user picked), so a reload or Back shows the same search.
 */
export function useSearch(client: ChatClient): SearchBinding {
  const controller = useMemo(
    () => new SearchController({ client: restSearchClient(client), activeSources: ["messages"] }),
    [client],
  );
  // The picker only listens to this controller: both are dropped together.
  const picker = useMemo(() => new SearchSourcePicker(controller), [controller]);
  const state = useSyncExternalStore(controller.subscribe, controller.getSnapshot);
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const urlQuery = params.get("q") ?? "";
  const urlTab = params.get("tab");
  const navigation = useNavigationType();
  const opened = useRef(false);

  // The URL's tab and query when it is not the view's own writing: on opening (a link, a reload,
  // a sign-in that lands here), Back and Forward, and a search opened with a query. Typing and
  // picking write the URL with `replace`; the router shows those later than the controller and
  // sometimes out of step with it, so a replaced URL is never read back over what was typed.
  // A layout effect: it runs in the commit that shows the URL, before any key can reach the field.
  useLayoutEffect(() => {
    const first = !opened.current;
    opened.current = true;
    if (navigation === "REPLACE" && !first) return;
    if (isSource(urlTab) && !(picker.chosen && controller.sources[urlTab].isActive)) picker.choose(urlTab);
    if (urlQuery !== controller.searchQuery) picker.search(urlQuery);
  }, [navigation, urlTab, urlQuery, controller, picker]);
  // Leaving drops the results and a query still waiting for its debounce.
  useEffect(() => () => picker.clear(), [picker]);

  const active = SEARCH_SOURCE_ORDER.find((t) => state.sources[t].isActive) ?? "messages";
  const tab = picker.chosen ? active : undefined;
  const write = useCallback(
    (q: string, type: SearchSourceType | undefined) => {
      setParams(new URLSearchParams(searchParams(q, type)), { replace: true, state: location.state });
    },
    [setParams, location.state],
  );
  const setQuery = useCallback(
    (value: string) => {
      picker.search(value);
      write(value, tab);
    },
    [picker, write, tab],
  );
  const choose = useCallback(
    (type: SearchSourceType) => {
      picker.choose(type);
      write(controller.searchQuery, type);
    },
    [picker, controller, write],
  );
  return { controller, picker, state, active, query: state.searchQuery.trim(), setQuery, choose };
}
