import type { ChatClient } from "@parley/client";
import { useEffect, useMemo, useSyncExternalStore } from "react";
import { type BansSnapshot, BansStore } from "./bans-store";
import { type FlagQueueSnapshot, FlagQueueStore } from "./flag-queue-store";

/** The flag queue of the moderation screen, loaded once and kept live by the SDK's events. */
export function useFlagQueue(client: ChatClient): { store: FlagQueueStore; snapshot: FlagQueueSnapshot } {
  const store = useMemo(() => new FlagQueueStore(client), [client]);
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot);
  useEffect(() => {
    void store.load();
  }, [store]);
  // After a reconnect, user events missed meanwhile are not replayed: load again.
  useEffect(() => {
    const sub = client.on("connection.recovered", () => void store.load());
    return () => sub.unsubscribe();
  }, [client, store]);
  return { store, snapshot };
}

/** The bans list, loaded once and kept live by `user.banned` / `user.unbanned`. */
export function useBans(client: ChatClient): { store: BansStore; snapshot: BansSnapshot } {
  const store = useMemo(() => new BansStore(client), [client]);
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot);
  useEffect(() => {
    void store.load();
  }, [store]);
  return { store, snapshot };
}
