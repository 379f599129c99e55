import {
  type ChatClient,
  canManagePoll,
  emptyPollSnapshot,
  PollManager,
  type PollSnapshot,
  type PollState,
} from "@parley/client";
import type { MessageResponse } from "@parley/protocol";
import { useEffect, useMemo, useSyncExternalStore } from "react";

const noSubscribe = () => () => {};
const noSnapshot = () => emptyPollSnapshot;

export interface PollBinding {
  state: PollState | undefined;
  snapshot: PollSnapshot;
  /** The current user may end, reopen or delete the poll (the server decides for real). */
  canManage: boolean;
  userId: string | undefined;
}

/**
 * The live state of the poll a message carries: seeded from the message, fetched once (a seed
 * may be older than events sent before it was held), then kept current by the SDK's poll events.
 */
export function usePoll(client: ChatClient, message: MessageResponse): PollBinding {
  const state = useMemo(() => PollManager.of(client).fromMessage(message), [client, message]);
  const snapshot = useSyncExternalStore(state?.subscribe ?? noSubscribe, state?.getSnapshot ?? noSnapshot);
  const session = useSyncExternalStore(client.subscribe, client.getSnapshot);
  useEffect(() => {
    if (state && !state.fetched) state.refresh().catch(() => {});
  }, [state]);
  const capabilities = client.activeChannels.get(message.cid)?.state.capabilities;
  const poll = snapshot.poll;
  const canManage = poll ? canManagePoll(poll, session.userID, capabilities) : false;
  return { state, snapshot, canManage, userId: session.userID };
}
