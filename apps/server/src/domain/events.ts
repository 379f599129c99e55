import type { AppRole, ChannelEvent, EphemeralEvent, UserEvent } from "@parley/protocol";

/**
 * What the domain hands to the realtime layer after a commit. The realtime layer (hub + bus)
 * implements the port; the domain never imports it.
 */
export type Envelope =
  /**
   * A stored channel event (already committed with its seq); `json` is the stored payload;
   * `sentAt` (ms) is stamped by the realtime layer when it publishes, for latency metrics.
   */
  | { kind: "channel"; cid: string; seq: number; event: ChannelEvent; json: string; sentAt?: number }
  /** A user-scoped event; `skipWatchersOf` drops sockets already watching that channel. */
  | { kind: "users"; userIds: string[]; event: UserEvent; skipWatchersOf?: string }
  /** An ephemeral event to a channel's watchers (typing), never stored. */
  | { kind: "ephemeral"; cid: string; event: EphemeralEvent; exceptUserId?: string }
  /** Presence to the watchers of several channels, never stored. */
  | { kind: "presence"; cids: string[]; event: EphemeralEvent }
  /** Close every socket of a user (ban) or of one token (sign-out). */
  | { kind: "disconnect"; userId: string; tokenId?: string; code: number; reason: string }
  /** A user's read access to a channel may have ended: re-check their watching sockets. */
  | { kind: "access"; cid: string; userIds: string[] }
  /** A channel type's policies changed: re-check every socket watching a channel of that type. */
  | { kind: "access-type"; type: string }
  /**
   * A user's app role changed: their open sockets act with the new role from now on and re-check
   * every channel they watch (a socket must never keep what it learned at authentication).
   */
  | { kind: "role"; userId: string; role: AppRole }
  /** An admin changed the run-time settings: every node drops its cached copy (SettingsService). */
  | { kind: "settings" };

/** Where the store publishes what committed transactions emitted (store/unit-of-work.ts). */
export interface EventPort {
  publish(envelope: Envelope): void;
}

/** What is never stored and follows no write: typing, and a user coming online. */
export type Signal = Extract<Envelope, { kind: "ephemeral" | "presence" }>;

/** Sends a signal to whoever watches now; a change goes through a unit of work instead. */
export interface SignalPort {
  signal(signal: Signal): void;
}
