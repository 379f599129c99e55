/**
 * Loading the channel list once per client: its status (loading / ready / error) as a tiny store
 * for useSyncExternalStore. The list itself is the SDK's (client.state.channelList, kept live).
 */
import { type ChannelSort, type ChatClient, LIST_PREVIEW } from "@parley/client";
import { useCallback, useEffect, useSyncExternalStore } from "react";

const NEWEST_FIRST: ChannelSort = [{ field: "last_message_at", direction: -1 }];
/** The chats asked for first (a screenful), then the rest up to the most a list answer holds. */
const FIRST_PAGE = 30;
const MOST = 100;

export type ListStatus = { state: "idle" | "loading" | "ready" } | { state: "error"; error: Error };

interface Entry {
  status: ListStatus;
  listeners: Set<() => void>;
}

const entries = new WeakMap<ChatClient, Entry>();

function entry(client: ChatClient): Entry {
  let e = entries.get(client);
  if (!e) {
    e = { status: { state: "idle" }, listeners: new Set() };
    entries.set(client, e);
  }
  return e;
}

function set(client: ChatClient, status: ListStatus): void {
  const e = entry(client);
  e.status = status;
  for (const l of [...e.listeners]) l();
}

/** Queries the user's channels (watched, newest first) and the unread counts of their threads. */
export async function loadChannelList(client: ChatClient): Promise<void> {
  const current = entry(client).status.state;
  if (current === "loading" || current === "ready") return;
  set(client, { state: "loading" });
  try {
    const first = await client.queryChannels({}, NEWEST_FIRST, { limit: FIRST_PAGE, ...LIST_PREVIEW });
    set(client, { state: "ready" });
    client.refreshUnread().catch(() => {});
    if (first.length === FIRST_PAGE) {
      // The rest of the sidebar after the first screenful is shown; a failure leaves what is shown.
      client
        .queryChannels({}, NEWEST_FIRST, { offset: FIRST_PAGE, limit: MOST - FIRST_PAGE, ...LIST_PREVIEW })
        .catch(() => {});
    }
  } catch (error) {
    set(client, { state: "error", error: error instanceof Error ? error : new Error(String(error)) });
  }
}

/** The list's load status; starts the first load. `retry` loads again after an error. */
export function useChannelListStatus(client: ChatClient): { status: ListStatus; retry: () => void } {
  const subscribe = useCallback(
    (listener: () => void) => {
      const e = entry(client);
      e.listeners.add(listener);
      return () => e.listeners.delete(listener);
    },
    [client],
  );
  const status = useSyncExternalStore(subscribe, () => entry(client).status);
  useEffect(() => {
    void loadChannelList(client);
  }, [client]);
  const retry = useCallback(() => void loadChannelList(client), [client]);
  return { status, retry };
}
