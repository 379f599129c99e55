import type { ChatClient, ThreadsInboxSnapshot } from "@parley/client";
import { useCallback, useEffect, useSyncExternalStore } from "react";

/** The SDK's threads inbox, loaded (again) when the view mounts; `retry` after an error. */
export function useThreadsInbox(client: ChatClient): {
  state: ThreadsInboxSnapshot;
  retry: () => void;
  loadMore: () => void;
} {
  const inbox = client.threads;
  const state = useSyncExternalStore(inbox.subscribe, inbox.getSnapshot);
  const retry = useCallback(() => {
    inbox.load().catch(() => {});
  }, [inbox]);
  const loadMore = useCallback(() => {
    inbox.loadMore().catch(() => {});
  }, [inbox]);
  useEffect(retry, [retry]);
  return { state, retry, loadMore };
}
