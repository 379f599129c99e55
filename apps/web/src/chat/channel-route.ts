/**
 * Channel URLs (docs/architecture.md "Decisions"): the canonical web URL of a channel is
 * `/c/{type}:{id}`; `/c/{id}` means the default `messaging` type.
 */
import { channelIdSchema, channelTypeSchema, parseCid } from "@parley/protocol";

export const DEFAULT_CHANNEL_TYPE = "messaging";

export interface ChannelRef {
  type: string;
  id: string;
  cid: string;
}

/** The channel a `:channelID` route parameter names, or null when it cannot be one. */
export function parseChannelParam(param: string | undefined): ChannelRef | null {
  if (!param) return null;
  if (param.includes(":")) {
    const parsed = parseCid(param);
    return parsed ? { ...parsed, cid: `${parsed.type}:${parsed.id}` } : null;
  }
  if (!channelIdSchema.safeParse(param).success) return null;
  return { type: DEFAULT_CHANNEL_TYPE, id: param, cid: `${DEFAULT_CHANNEL_TYPE}:${param}` };
}

export { channelPath, messagePath } from "@parley/protocol";

export function isValidType(type: string): boolean {
  return channelTypeSchema.safeParse(type).success;
}
