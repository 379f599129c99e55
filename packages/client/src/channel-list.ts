/** The channel list of spec §9: member channels, not hidden, newest activity first. */
import { timeOf } from "./messages.js";
import type { ChannelStateSnapshot } from "./types.js";

/**
 * What a channel list needs of each channel: its newest message (the row's preview) and a few
 * members (enough to name a direct conversation). Each channel comes as a preview
 * (`ChannelStateSnapshot.preview`); opening it loads it. Pass to `queryChannels` with a `limit`.
 */
export const LIST_PREVIEW = { message_limit: 1, member_limit: 4 } as const;

export interface ListedChannel {
  readonly cid: string;
  readonly state: ChannelStateSnapshot;
}

/** A channel is listed when the user is a member, has not hidden it, and it is not deleted. */
export function isListed(state: ChannelStateSnapshot): boolean {
  return state.membership !== null && !state.membership.hidden && !state.channel?.deleted_at;
}

/** last_message_at descending; channels without messages after those with, newest created first; then cid. */
export function compareForList(a: ListedChannel, b: ListedChannel): number {
  const aLast = a.state.lastMessageAt ?? a.state.channel?.last_message_at ?? null;
  const bLast = b.state.lastMessageAt ?? b.state.channel?.last_message_at ?? null;
  if (aLast && bLast) {
    const d = timeOf(bLast) - timeOf(aLast);
    if (d !== 0) return d;
  } else if (aLast) {
    return -1;
  } else if (bLast) {
    return 1;
  } else {
    const d = timeOf(b.state.channel?.created_at) - timeOf(a.state.channel?.created_at);
    if (d !== 0) return d;
  }
  return a.cid < b.cid ? -1 : a.cid > b.cid ? 1 : 0;
}

export function sortChannelList<T extends ListedChannel>(channels: Iterable<T>): T[] {
  const listed: T[] = [];
  for (const c of channels) if (isListed(c.state)) listed.push(c);
  return listed.sort(compareForList);
}

export function sameOrder(a: readonly ListedChannel[], b: readonly ListedChannel[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return false;
  return true;
}
