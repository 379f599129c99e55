/**
 * The sidebar's grouping of the channel list: the user's favourites (starred) first, then
 * channels, then direct conversations, each in list order (newest activity first) or with the
 * channels that have unread messages first.
 */
import { stillMuted } from "@parley/protocol";
import type { ListedChannel } from "./channel-list.js";
import type { ChannelStateSnapshot } from "./types.js";

export type SidebarSectionId = "favourites" | "channels" | "direct";

export interface SidebarSection<T> {
  readonly id: SidebarSectionId;
  readonly channels: readonly T[];
}

export interface SidebarOptions {
  /** Channels with unread messages lead each section. */
  unreadFirst?: boolean;
  /** When a timed mute is judged (default: now). */
  now?: Date;
}

/** Unread messages that count for the sidebar: a muted channel's never do (as for the total). */
export function hasSidebarUnread(state: ChannelStateSnapshot, now: Date = new Date()): boolean {
  const m = state.membership;
  if (state.unreadCount <= 0 || !m) return false;
  return !stillMuted(m.muted, m.muted_until ?? null, now);
}

/** Which section a listed channel belongs to. */
export function sidebarSectionOf(state: ChannelStateSnapshot): SidebarSectionId {
  if (state.membership?.starred) return "favourites";
  return state.channel?.is_direct ? "direct" : "channels";
}

/**
 * The three sections, always in this order and always present (an empty one has no channels);
 * `list` is the SDK's channel list, already sorted.
 */
export function sidebarSections<T extends ListedChannel>(
  list: readonly T[],
  options: SidebarOptions = {},
): SidebarSection<T>[] {
  const now = options.now ?? new Date();
  const by: Record<SidebarSectionId, T[]> = { favourites: [], channels: [], direct: [] };
  for (const c of list) by[sidebarSectionOf(c.state)].push(c);
  const order = (channels: T[]): T[] => {
    if (!options.unreadFirst) return channels;
    const unread = channels.filter((c) => hasSidebarUnread(c.state, now));
    return unread.length === 0 ? channels : [...unread, ...channels.filter((c) => !unread.includes(c))];
  };
  return (["favourites", "channels", "direct"] as const).map((id) => ({ id, channels: order(by[id]) }));
}
