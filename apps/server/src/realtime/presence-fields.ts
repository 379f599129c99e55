/** Who is online, and how many sockets watch a channel, on every node. */
export interface PresenceView {
  isOnline(userId: string): boolean;
  watcherCount(cid: string): number;
}

/**
 * An answer with what it shows of presence filled in: `online` on each user (an object with `id`,
 * `role` and `last_active`), `watcher_count` on each channel state (an object with `channel` and
 * `own_capabilities`). The domain renders answers from stored rows alone and this is where
 * presence joins them, on the way out (REST answers, the socket's replies). Objects are copied
 * where something changes, never changed in place: the same rendered objects may sit in an event
 * that is still to be serialized, and events carry no presence.
 */
export function withPresence<T>(value: T, presence: PresenceView): T {
  return fill(value, presence) as T;
}

function fill(value: unknown, presence: PresenceView): unknown {
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      const filled = fill(item, presence);
      if (filled === item) continue;
      out ??= value.slice();
      out[i] = filled;
    }
    return out ?? value;
  }
  if (value === null || typeof value !== "object" || Object.getPrototypeOf(value) !== Object.prototype) {
    return value;
  }
  const o = value as Record<string, unknown>;
  let out: Record<string, unknown> | undefined;
  for (const key in o) {
    const item = o[key];
    if (item === null || typeof item !== "object") continue;
    const filled = fill(item, presence);
    if (filled === item) continue;
    out ??= { ...o };
    out[key] = filled;
  }
  if (isUser(o)) {
    out ??= { ...o };
    out.online = presence.isOnline(o.id);
  } else if (isChannelState(o)) {
    out ??= { ...o };
    out.watcher_count = presence.watcherCount(o.channel.cid);
  }
  return out ?? o;
}

function isUser(o: Record<string, unknown>): o is { id: string } {
  return typeof o.id === "string" && "role" in o && "last_active" in o && !("online" in o);
}

function isChannelState(o: Record<string, unknown>): o is { channel: { cid: string } } {
  const channel = o.channel as { cid?: unknown } | null | undefined;
  return "own_capabilities" in o && typeof channel?.cid === "string" && !("watcher_count" in o);
}
