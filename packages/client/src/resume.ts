/** After a reconnect, user-scoped events are not replayed: the channel list is queried again. */
import type { QueryChannelsBody } from "@parley/protocol";
import { type Channel, channelInternals } from "./channel.js";
import type { RestClient } from "./rest.js";

/** The first-page `queryChannels` call the client made, repeated after a reconnect. */
export interface ChannelListQuery {
  body: QueryChannelsBody;
}

export interface RequeryDeps {
  rest: RestClient;
  /** The cached channel object for a cid. */
  channel(type: string, id: string): Channel;
  /** The channel list before the drop. */
  listed: readonly Channel[];
}

/**
 * Queries the channel list again, without messages or members: channels already watched take only their
 * user-scoped flags (their events come by replay); channels new to the client are loaded and
 * watched; listed channels missing from a complete answer (removed, hidden or deleted meanwhile)
 * are refetched.
 */
export async function requeryChannelList(query: ChannelListQuery, deps: RequeryDeps): Promise<void> {
  const limit = Math.min(100, Math.max(query.body.limit ?? 30, deps.listed.length));
  const { channels: states } = await deps.rest.queryChannels({
    ...query.body,
    limit,
    message_limit: 0,
    member_limit: 0,
  });
  const seen = new Set<Channel>();
  const added: Channel[] = [];
  for (const s of states) {
    const channel = deps.channel(s.channel.type, s.channel.id);
    seen.add(channel);
    // A watched channel is caught up by its replay, which hands each missed event to handlers.
    if (channel.watching && channel.state.initialized)
      channelInternals(channel).applyQueryResponse(s, 0, "flags-only");
    else added.push(channel);
  }
  await Promise.allSettled(added.map((c) => c.watch()));
  if (states.length < limit) {
    await Promise.allSettled(
      deps.listed.filter((c) => !seen.has(c)).map((c) => channelInternals(c).refetch()),
    );
  }
}
