import type { Repos, UnreadRow } from "../../store/store.js";
import type { Actor } from "../auth/chat-tokens.js";
import type { ChannelTypes } from "../channels/channel-types.js";
import { hiddenKinds } from "../channels/readable.js";

/** What a user's badge shows: `/me`, `connection.ok`, `/unread` and `notification.mark_read`. */
export interface UnreadTotals {
  /** Unread messages over the channels the user did not mute. */
  total_unread_count: number;
  /** Channels the user did not mute with an unread message. */
  unread_channels: number;
}

/** The totals over the user's memberships, as `unreadForUser` counts them per channel. */
export function totalsOf(rows: readonly UnreadRow[]): UnreadTotals {
  const counted = rows.filter((r) => !r.muted);
  return {
    total_unread_count: counted.reduce((n, r) => n + r.unread_count, 0),
    unread_channels: counted.filter((r) => r.unread_count > 0).length,
  };
}

/** The user's totals now; inside a transaction pass its repos (on SQLite a read outside it waits for it). */
export async function unreadTotals(repos: Repos, types: ChannelTypes, actor: Actor): Promise<UnreadTotals> {
  const hide = await hiddenKinds(types, actor, repos);
  return totalsOf(await repos.messages.unreadForUser(actor.userId, hide));
}
