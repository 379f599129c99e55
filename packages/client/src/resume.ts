/** After a reconnect, user-scoped events are not replayed: the channel list is queried again. */
import type { QueryChannelsBody } from "@parley/protocol";
import type { Channel } from "./channel.js";
import type { RestClient } from "./rest.js";
import type { WatchOutcome } from "./watch-requests.js";

/** The first-page `queryChannels` call the client made, repeated after a reconnect. */
export interface ChannelListQuery {
  body: QueryChannelsBody;
  messageLimit: number;
}

export interface RequeryDeps {
  rest: RestClient;
  /** The cached channel object for a cid. */
  channel(type: string, id: string): Channel;
  watch(channels: readonly Channel[]): Promise<WatchOutcome[]>;
  /** The channel list before the drop. */
  listed: readonly Channel[];
}

/**
 * Queries the channel list again: channels already watched take only their user-scoped flags
 * (their events come by replay), others are applied by the seq rule and watched, and listed
 * channels missing from a complete answer (removed, hidden or deleted meanwhile) are refetched.
 */
export async function requeryChannelList(query: ChannelListQuery, deps: RequeryDeps): Promise<void> {
  const limit = Math.min(100, Math.max(query.body.limit ?? 30, deps.listed.length));
  const { channels: states } = await deps.rest.queryChannels({ ...query.body, limit });
  const seen = new Set<Channel>();
  const added: Channel[] = [];
  for (const s of states) {
    const channel = deps.channel(s.channel.type, s.channel.id);
    const wasWatching = channel.watching;
    // A watched channel is caught up by its replay, which hands each missed event to handlers;
    // applying this answer's messages would skip them.
    channel._applyQueryResponse(s, query.messageLimit, wasWatching ? "flags-only" : "merge");
    seen.add(channel);
    if (!wasWatching) {
      channel._setWatching(true);
      added.push(channel);
    }
  }
  if (added.length > 0) await deps.watch(added);
  if (states.length < limit) {
    await Promise.allSettled(deps.listed.filter((c) => !seen.has(c)).map((c) => c._refetch()));
  }
}
