import type { ChannelConfig } from "@parley/protocol";
import type { ChannelRow, MemberRow, Repos } from "../../store/store.js";
import { type AccessContext, type Action, ensure } from "../access.js";
import type { Actor } from "../auth/chat-tokens.js";
import { notFound } from "../errors.js";
import type { ChannelTypes } from "./channel-types.js";

export interface ChannelContext extends AccessContext {
  channel: ChannelRow;
  config: ChannelConfig;
  member: MemberRow | undefined;
}

/**
 * Loads a live channel with the actor's membership and checks `action` on it. Inside a
 * transaction that will append a channel event, pass `lock` so the channel row is locked first.
 */
export async function loadChannel(
  repos: Repos,
  types: ChannelTypes,
  actor: Actor,
  cid: string,
  action: Action,
  ownerId?: string,
  opts: { lock?: boolean } = {},
): Promise<ChannelContext> {
  const channel = opts.lock ? await repos.channels.lock(cid) : await repos.channels.get(cid);
  if (!channel || channel.deleted_at) throw notFound("channel");
  const [config, member, policies, bans] = await Promise.all([
    types.get(channel.type, repos),
    repos.members.get(cid, actor.userId),
    types.policies(channel.type, repos),
    repos.moderation.activeBans(actor.userId, ["*", cid], new Date().toISOString()),
  ]);
  const ctx: ChannelContext = { actor, channel, config, member, policies, banned: bans.length > 0, ownerId };
  ensure(action, ctx);
  return ctx;
}
