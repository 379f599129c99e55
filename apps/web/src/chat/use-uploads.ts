/**
 * Files being attached in a composer: uploads with progress, cancel, and whether all are done.
 * They are kept per composer (channel, or thread) for the session like drafts, so switching
 * channels neither loses nor cancels them.
 */
import type { Channel, Upload } from "@parley/client";
import type { AttachmentResponse } from "@parley/protocol";
import { useCallback, useEffect, useReducer, useSyncExternalStore } from "react";
import { showNotice } from "./notices";

export const MAX_FILES_PER_MESSAGE = 10;

export interface Uploads {
  uploads: readonly Upload[];
  add: (files: Iterable<File>) => void;
  remove: (upload: Upload) => void;
  clear: () => void;
  /** Every upload finished (and at least one exists). */
  ready: AttachmentResponse[];
  busy: boolean;
  failed: boolean;
}

const pending = new Map<string, readonly Upload[]>();
const listeners = new Set<() => void>();
const NONE: readonly Upload[] = [];

function setPending(key: string, list: readonly Upload[]): void {
  if (list.length === 0) pending.delete(key);
  else pending.set(key, list);
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Cancels and forgets every pending upload (sign-out). */
export function clearPendingUploads(): void {
  for (const list of pending.values()) for (const upload of list) upload.cancel();
  pending.clear();
  for (const listener of listeners) listener();
}

export function useUploads(channel: Channel, parentId?: string): Uploads {
  const key = `${channel.cid}:${parentId ?? ""}`;
  const uploads = useSyncExternalStore(subscribe, () => pending.get(key) ?? NONE);
  const [, bump] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    const subs = uploads.map((u) => u.subscribe(bump));
    return () => {
      for (const unsubscribe of subs) unsubscribe();
    };
  }, [uploads]);
  const add = useCallback(
    (files: Iterable<File>) => {
      const current = pending.get(key) ?? NONE;
      const all = [...files];
      const room = Math.max(0, MAX_FILES_PER_MESSAGE - current.length);
      if (all.length > room) {
        showNotice(`A message takes at most ${MAX_FILES_PER_MESSAGE} files: ${all.length - room} left out.`, {
          tone: "error",
        });
      }
      const started = all
        .slice(0, room)
        .map((file) => channel.uploadFile({ data: file, name: file.name || "pasted-file" }));
      setPending(key, [...current, ...started]);
    },
    [channel, key],
  );
  const remove = useCallback(
    (upload: Upload) => {
      upload.cancel();
      setPending(
        key,
        (pending.get(key) ?? NONE).filter((u) => u !== upload),
      );
    },
    [key],
  );
  const clear = useCallback(() => setPending(key, NONE), [key]);
  const ready = uploads.flatMap((u) => (u.state.file ? [u.state.file] : []));
  return {
    uploads,
    add,
    remove,
    clear,
    ready,
    busy: uploads.some((u) => u.state.status === "uploading"),
    failed: uploads.some((u) => u.state.status === "failed"),
  };
}
