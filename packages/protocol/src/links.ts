/**
 * Channel URLs of the web app (docs/architecture.md "Decisions"): the canonical path of a channel
 * is `/c/{type}:{id}`. The web app, Web Push and emails link with these.
 */

/** The canonical path of a channel, optionally opening a thread. */
export function channelPath(cid: string, threadId?: string): string {
  const path = `/c/${cid}`;
  return threadId ? `${path}?thread=${encodeURIComponent(threadId)}` : path;
}

/** A message's place: its channel opened at it (and at its thread, for a reply), highlighted. */
export function messagePath(message: { cid: string; id: string; parent_id?: string | null }): string {
  const thread = message.parent_id ? `thread=${encodeURIComponent(message.parent_id)}&` : "";
  return `${channelPath(message.cid)}?${thread}message=${encodeURIComponent(message.id)}`;
}
