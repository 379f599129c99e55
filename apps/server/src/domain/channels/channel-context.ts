import type { ChannelConfig } from "@parley/protocol";
import type { ChannelRow, ChannelStanding, MemberRow, Repos, UserRow } from "../../store/store.js";
import { type AccessContext, type Action, ensure } from "../access.js";
import type { Actor } from "../auth/chat-tokens.js";
import { notFound } from "../errors.js";
import type { ChannelTypes } from "./channel-types.js";

export interface ChannelContext extends AccessContext {
  channel: ChannelRow;
  config: ChannelConfig;
  member: MemberRow | undefined;
  /** The actor's user row, read with the channel by `loadChannel` (not by `loadChannels`). */
  user?: UserRow;
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
  // The row lock is taken first: the read after it sees the channel as this transaction holds it.
  if (opts.lock && !(await repos.channels.lock(cid))) throw notFound("channel");
  const standing = await repos.channels.withStanding(cid, actor.userId, new Date().toISOString());
  return standingContext(repos, types, actor, standing, action, ownerId);
}

/** `loadChannel` for a channel and standing already read (`channels.nextSeqWithStanding`). */
export async function standingContext(
  repos: Repos,
  types: ChannelTypes,
  actor: Actor,
  standing: ChannelStanding | undefined,
  action: Action,
  ownerId?: string,
): Promise<ChannelContext> {
  if (!standing || standing.channel.deleted_at) throw notFound("channel");
  const { channel, member, user, banned } = standing;
  const [config, policies] = await Promise.all([
    types.get(channel.type, repos),
    types.policies(channel.type, repos),
  ]);
  return checked(action, { actor, channel, config, member, user, policies, banned, ownerId });
}

/**
 * `loadChannel` for channels already read (the user's list): the actor's memberships and bans are
 * read once for all of them, not once per channel.
 */
export async function loadChannels(
  repos: Repos,
  types: ChannelTypes,
  actor: Actor,
  channels: readonly ChannelRow[],
  action: Action,
): Promise<ChannelContext[]> {
  if (channels.length === 0) return [];
  const cids = channels.map((c) => c.cid);
  const [members, bans] = await Promise.all([
    repos.members.forUser(actor.userId, cids),
    repos.moderation.activeBans(actor.userId, ["*", ...cids], new Date().toISOString()),
  ]);
  const memberOf = new Map(members.map((m) => [m.cid, m]));
  const banScopes = new Set(bans.map((b) => b.scope));
  return Promise.all(
    channels.map(async (channel) => {
      if (channel.deleted_at) throw notFound("channel");
      const [config, policies] = await Promise.all([
        types.get(channel.type, repos),
        types.policies(channel.type, repos),
      ]);
      const banned = banScopes.has("*") || banScopes.has(channel.cid);
      return checked(action, { actor, channel, config, member: memberOf.get(channel.cid), policies, banned });
    }),
  );
}

function checked(action: Action, ctx: ChannelContext): ChannelContext {
  ensure(action, ctx);
  return ctx;
}
