import type { ChannelConfig } from "@parley/protocol";
import type { ChannelRow, MemberRow, MessageRow, PollRow, Repos } from "../../store/store.js";
import { type Action, ensure, type PollAccessContext } from "../access.js";
import type { Actor } from "../auth/chat-tokens.js";
import type { ChannelTypes } from "../channels/channel-types.js";
import { notFound } from "../errors.js";
import type { Policy } from "../policies/policy.js";

/** The message carrying a posted poll, its channel and the actor's membership of it. */
export interface PollHomeContext {
  message: MessageRow;
  channel: ChannelRow;
  config: ChannelConfig;
  member: MemberRow | undefined;
  policies: readonly Policy[];
  banned: boolean;
}

export interface PollScope {
  poll: PollRow;
  /** Undefined until the poll is posted in a message. */
  home: PollHomeContext | undefined;
  access: PollAccessContext;
}

/** The access context of a poll action; `poll` absent when creating or querying. */
export async function pollAccess(
  repos: Repos,
  actor: Actor,
  poll?: PollRow,
  home?: PollHomeContext,
): Promise<PollAccessContext> {
  const user = await repos.users.get(actor.userId);
  return {
    scope: "poll",
    actor,
    actorRole: user?.role ?? "user",
    poll,
    home: home && {
      config: home.config,
      member: home.member,
      policies: home.policies,
      channel: home.channel,
      banned: home.banned,
    },
  };
}

/** Where a poll lives; a poll in a deleted channel or behind a truncation is gone. */
async function homeOf(
  repos: Repos,
  types: ChannelTypes,
  actor: Actor,
  pollId: string,
): Promise<PollHomeContext | undefined> {
  const [where] = await repos.polls.homes([pollId]);
  if (!where) return undefined;
  const [message, channel] = await Promise.all([
    repos.messages.get(where.message_id),
    repos.channels.get(where.cid),
  ]);
  if (!message || !channel || channel.deleted_at || message.seq <= channel.truncated_seq) {
    throw notFound("poll");
  }
  const [config, member, policies, bans] = await Promise.all([
    types.get(channel.type, repos),
    repos.members.get(channel.cid, actor.userId),
    types.policies(channel.type, repos),
    repos.moderation.activeBans(actor.userId, ["*", channel.cid], new Date().toISOString()),
  ]);
  return { message, channel, config, member, policies, banned: bans.length > 0 };
}

/**
 * Loads a poll with where it lives and checks `action` on it. With `lock`, the poll's row
 * stays locked until the transaction ends, so concurrent writers of one poll queue (and a
 * poll is always locked before its channel's seq, in every transaction).
 */
export async function loadPoll(
  repos: Repos,
  types: ChannelTypes,
  actor: Actor,
  pollId: string,
  action: Action,
  lock = false,
): Promise<PollScope> {
  const poll = lock ? await repos.polls.lock(pollId) : await repos.polls.get(pollId);
  if (!poll) throw notFound("poll");
  const home = await homeOf(repos, types, actor, poll.id);
  const access = await pollAccess(repos, actor, poll, home);
  ensure(action, access);
  return { poll, home, access };
}
