import { useSyncExternalStore } from "react";

/**
 * Whether the browser has a network (navigator.onLine and its online/offline events), and
 * whether the full-page offline state is up (then the banner stays away: one message at a time).
 */
let pageShown = 0;
const pageListeners = new Set<() => void>();

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener("online", listener);
  window.addEventListener("offline", listener);
  return () => {
    window.removeEventListener("online", listener);
    window.removeEventListener("offline", listener);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

/** While the full-page offline state is mounted; returns the function that ends it. */
export function markOfflinePageShown(): () => void {
  pageShown += 1;
  for (const listener of pageListeners) listener();
  return () => {
    pageShown -= 1;
    for (const listener of pageListeners) listener();
  };
}

function subscribePage(listener: () => void): () => void {
  pageListeners.add(listener);
  return () => pageListeners.delete(listener);
}

export function useOfflinePageShown(): boolean {
  return useSyncExternalStore(
    subscribePage,
    () => pageShown > 0,
    () => false,
  );
}
