/** Small REST helpers of ChatClient: files as Blobs, and the thread counts of `GET /unread`. */
import type { UnreadResponse } from "@parley/protocol";
import { ChatApiError, ChatNetworkError } from "./errors.js";
import type { RestClient } from "./rest.js";
import type { FetchLike } from "./types.js";

/** Fetches a file of the chat service with the api key and bearer token. */
export async function fetchFile(
  rest: RestClient,
  fetchImpl: FetchLike,
  url: string,
  options: { signal?: AbortSignal } = {},
): Promise<Blob> {
  const init: RequestInit = { headers: rest.authHeaders() };
  if (options.signal) init.signal = options.signal;
  let response: Response;
  try {
    response = await fetchImpl(rest.fileURL(url), init);
  } catch (error) {
    throw new ChatNetworkError(`GET ${url} failed: ${(error as Error)?.message ?? error}`, error);
  }
  if (!response.ok) {
    const code =
      response.status === 404 ? "not_found" : response.status === 401 ? "unauthorized" : "forbidden";
    throw new ChatApiError(response.status, code, `GET ${url}: HTTP ${response.status}`);
  }
  return response.blob();
}

/** `GET /unread`'s thread entries grouped by channel: cid → { parentId: unread replies }. */
export function threadUnreadByChannel(unread: UnreadResponse): Map<string, Record<string, number>> {
  const byChannel = new Map<string, Record<string, number>>();
  for (const t of unread.threads ?? []) {
    const counts = byChannel.get(t.cid) ?? {};
    counts[t.parent_id] = t.unread_replies;
    byChannel.set(t.cid, counts);
  }
  return byChannel;
}
