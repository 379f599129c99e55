import type { ChatClient } from "@parley/client";
import type { UserResponse } from "@parley/protocol";
import { useEffect, useState } from "react";

const DEBOUNCE_MS = 250;

export interface UserSearch {
  users: UserResponse[];
  loading: boolean;
  error: string | null;
}

/** Other users matching `q` (`GET /chat/users?q=`), debounced; the newest answer wins. */
export function useUserSearch(client: ChatClient, q: string): UserSearch {
  const [result, setResult] = useState<UserSearch>({ users: [], loading: true, error: null });
  useEffect(() => {
    let cancelled = false;
    setResult((r) => ({ ...r, loading: true }));
    const timer = setTimeout(() => {
      client
        .queryUsers(q.trim(), { limit: 20 })
        .then((users) => {
          if (!cancelled) setResult({ users, loading: false, error: null });
        })
        .catch((error: unknown) => {
          if (!cancelled)
            setResult({
              users: [],
              loading: false,
              error: error instanceof Error ? error.message : String(error),
            });
        });
    }, DEBOUNCE_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [client, q]);
  return result;
}
