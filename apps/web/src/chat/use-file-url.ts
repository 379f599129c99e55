/**
 * Files of the chat service as `blob:` URLs: an `<img>` cannot send the bearer token, so the SDK
 * fetches the bytes and the page shows them through an object URL. Cached per client and URL.
 */
import type { ChatClient } from "@parley/client";
import { useEffect, useState } from "react";

const MAX_CACHED = 300;
const caches = new WeakMap<ChatClient, Map<string, Promise<string>>>();

function cacheOf(client: ChatClient): Map<string, Promise<string>> {
  let cache = caches.get(client);
  if (!cache) {
    cache = new Map();
    caches.set(client, cache);
  }
  return cache;
}

/** The object URL of a file (fetched once per client). */
export function fileObjectURL(client: ChatClient, url: string): Promise<string> {
  const cache = cacheOf(client);
  let pending = cache.get(url);
  if (!pending) {
    pending = client.fetchFile(url).then((blob) => URL.createObjectURL(blob));
    pending.catch(() => cache.delete(url));
    cache.set(url, pending);
    if (cache.size > MAX_CACHED) {
      const [oldest] = cache.entries();
      if (oldest) {
        cache.delete(oldest[0]);
        oldest[1].then((objectUrl) => URL.revokeObjectURL(objectUrl)).catch(() => {});
      }
    }
  }
  return pending;
}

/** Revokes every object URL of a client (sign-out). */
export function releaseFiles(client: ChatClient): void {
  const cache = caches.get(client);
  if (!cache) return;
  for (const p of cache.values()) p.then((u) => URL.revokeObjectURL(u)).catch(() => {});
  cache.clear();
}

export type FileURLState = { status: "loading" } | { status: "ready"; url: string } | { status: "error" };

export function useFileURL(client: ChatClient, url: string | undefined): FileURLState {
  const [state, setState] = useState<FileURLState>({ status: "loading" });
  useEffect(() => {
    if (!url) return;
    let cancelled = false;
    setState({ status: "loading" });
    fileObjectURL(client, url).then(
      (objectUrl) => !cancelled && setState({ status: "ready", url: objectUrl }),
      () => !cancelled && setState({ status: "error" }),
    );
    return () => {
      cancelled = true;
    };
  }, [client, url]);
  return state;
}

/** Downloads a file under its name (fetched with the token, saved from a blob URL). */
export async function downloadFile(client: ChatClient, url: string, name: string): Promise<void> {
  const objectUrl = await fileObjectURL(client, url);
  const a = document.createElement("a");
  a.href = objectUrl;
  a.download = name;
  a.rel = "noopener";
  document.body.append(a);
  a.click();
  a.remove();
}
