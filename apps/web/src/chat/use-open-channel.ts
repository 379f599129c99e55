/**
 * Opening a channel by its route: the SDK's cached channel renders at once; a channel the client
 * does not hold yet, or holds only as the list's preview, is loaded (never created) and watched.
 * Not found and not allowed are states, not crashes.
 */
import { type Channel, ChatApiError, type ChatClient } from "@parley/client";
import { useEffect, useMemo, useState } from "react";
import type { ChannelRef } from "./channel-route";
import { useChannelState } from "./use-snapshot";

export type OpenStatus = "loading" | "ready" | "not-found" | "forbidden" | "error";

function statusOf(error: unknown): OpenStatus {
  if (error instanceof ChatApiError) {
    if (error.status === 404) return "not-found";
    if (error.status === 403) return "forbidden";
  }
  return "error";
}

export interface OpenChannel {
  channel: Channel;
  status: OpenStatus;
  error: Error | undefined;
  retry: () => void;
}

export function useOpenChannel(client: ChatClient, ref: ChannelRef): OpenChannel {
  const channel = useMemo(() => client.channel(ref.type, ref.id), [client, ref.type, ref.id]);
  const state = useChannelState(channel);
  const [failure, setFailure] = useState<{ cid: string; status: OpenStatus; error: Error } | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    void attempt;
    setFailure(null);
    // A channel the list holds as a preview is loaded too (its page of messages and members).
    if (channel.watching && channel.state.initialized && !channel.state.preview) return;
    let cancelled = false;
    channel.watch({ create: false }).catch((error: unknown) => {
      if (cancelled) return;
      const err = error instanceof Error ? error : new Error(String(error));
      setFailure({ cid: channel.cid, status: statusOf(error), error: err });
    });
    return () => {
      cancelled = true;
    };
  }, [channel, attempt]);

  const retry = useMemo(() => () => setAttempt((n) => n + 1), []);
  const failed = failure?.cid === channel.cid ? failure : null;
  let status: OpenStatus = "loading";
  if (state.initialized && !state.preview) {
    const readable = state.membership !== null || state.channel?.config.public_read === true;
    status = state.channel?.deleted_at ? "not-found" : readable ? "ready" : "forbidden";
  } else if (failed) {
    status = failed.status;
  }
  return { channel, status, error: failed?.error, retry };
}
