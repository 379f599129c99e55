import type { ChannelConfig } from "@parley/protocol";

/**
 * Whether `viewerId` may learn how far `readerId` has read in a channel: always their own; someone
 * else's only while the channel type sends read events and the reader shares read receipts.
 */
export function mayShowReadPosition(
  config: ChannelConfig,
  readerId: string,
  viewerId: string,
  notSharing: ReadonlySet<string>,
): boolean {
  if (readerId === viewerId) return true;
  return config.read_events && !notSharing.has(readerId);
}
