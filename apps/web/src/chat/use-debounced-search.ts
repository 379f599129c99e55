import type { ChatClient } from "@parley/client";
import type { ChannelResponse, UserResponse } from "@parley/protocol";
import { useEffect, useState } from "react";

const DEBOUNCE_MS = 250;
const LIMIT = 20;

export interface DebouncedSearch<T> {
  items: T[];
  loading: boolean;
  error: string | null;
}

/** Runs `find(q)` 250 ms after `q` last changed; the newest answer wins. */
function useDebouncedSearch<T>(
  client: ChatClient,
  q: string,
  find: (client: ChatClient, q: string) => Promise<T[]>,
): DebouncedSearch<T> {
  const [result, setResult] = useState<DebouncedSearch<T>>({ items: [], loading: true, error: null });
  useEffect(() => {
    let cancelled = false;
    setResult((r) => ({ ...r, loading: true }));
    const timer = setTimeout(() => {
      find(client, q.trim())
        .then((items) => {
          if (!cancelled) setResult({ items, loading: false, error: null });
        })
        .catch((error: unknown) => {
          if (!cancelled)
            setResult({
              items: [],
              loading: false,
              error: error instanceof Error ? error.message : String(error),
            });
        });
    }, DEBOUNCE_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [client, q, find]);
  return result;
}

const findUsers = (client: ChatClient, q: string) => client.queryUsers(q, { limit: LIMIT });
const findJoinable = (client: ChatClient, q: string) => client.queryJoinableChannels(q, { limit: LIMIT });

/** Other users matching `q` (`GET /chat/users?q=`). */
export function useUserSearch(client: ChatClient, q: string): DebouncedSearch<UserResponse> {
  return useDebouncedSearch(client, q, findUsers);
}

/** Channels the user may join, matching `q` (`GET /chat/channels/joinable?q=`). */
export function useJoinableChannels(client: ChatClient, q: string): DebouncedSearch<ChannelResponse> {
  return useDebouncedSearch(client, q, findJoinable);
}
