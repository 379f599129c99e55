import type {
  Channel,
  ChannelStateSnapshot,
  Thread,
  ThreadStateSnapshot,
  Upload,
  UploadSnapshot,
} from "@parley/client";
import { useSyncExternalStore } from "react";

/** A channel's state snapshot, re-rendered on every change (the SDK applies the events). */
export function useChannelState(channel: Channel): ChannelStateSnapshot {
  return useSyncExternalStore(channel.subscribe, channel.getSnapshot);
}

export function useThreadState(thread: Thread): ThreadStateSnapshot {
  return useSyncExternalStore(thread.subscribe, thread.getSnapshot);
}

export function useUploadState(upload: Upload): UploadSnapshot {
  return useSyncExternalStore(upload.subscribe, upload.getSnapshot);
}
