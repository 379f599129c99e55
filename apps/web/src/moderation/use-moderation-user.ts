import type { ChatClient } from "@parley/client";
import type { OwnUserResponse } from "@parley/protocol";
import { useSyncExternalStore } from "react";

/** The connected user (role, mutes) from the SDK's client state, re-rendered when it changes. */
export function useModerationUser(client: ChatClient): OwnUserResponse | undefined {
  return useSyncExternalStore(client.subscribe, client.getSnapshot).user;
}

/** Ids of the users the current user muted (`me.mutes`, kept by the SDK from the mute events). */
export function useMutedUsers(client: ChatClient): readonly string[] {
  return useModerationUser(client)?.mutes ?? NONE;
}

const NONE: readonly string[] = [];
