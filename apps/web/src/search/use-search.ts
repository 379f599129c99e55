import {
  type ChatClient,
  restSearchClient,
  SearchController,
  type SearchControllerState,
  type SearchSourceType,
} from "@parley/client";
import { useEffect, useMemo, useSyncExternalStore } from "react";

export interface SearchBinding {
  controller: SearchController;
  state: SearchControllerState;
  /** The one active source (the controller keeps a single one active). */
  active: SearchSourceType;
}

/** The SDK's search controller for this client (spec §4, §9): debounce, paging and sources live there. */
export function useSearch(client: ChatClient): SearchBinding {
  const controller = useMemo(() => new SearchController({ client: restSearchClient(client) }), [client]);
  const state = useSyncExternalStore(controller.subscribe, controller.getSnapshot);
  // Unmounting drops a query still waiting for its debounce.
  useEffect(() => () => controller.clear(), [controller]);
  const active =
    (["users", "channels", "messages"] as const).find((t) => state.sources[t].isActive) ?? "users";
  return { controller, state, active };
}
