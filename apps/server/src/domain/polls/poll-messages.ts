import { ErrorCode, type MessageResponse, type PollResponse } from "@parley/protocol";
import type { MessageRow, Repos } from "../../store/store.js";
import { ensure } from "../access.js";
import type { Actor } from "../auth/chat-tokens.js";
import type { ChannelContext } from "../channels/channel-context.js";
import { DomainError, invalid } from "../errors.js";
import { pollAccess } from "./poll-context.js";
import { pollViews } from "./poll-view.js";

/**
 * Inside a message send's transaction, before the channel's seq is taken (a poll is always
 * locked before its channel): checks that the actor may post this poll here and that it is
 * not posted yet. Sending the message then attaches it (`messages.poll_id`).
 */
export async function claimPoll(
  tx: Repos,
  actor: Actor,
  ctx: ChannelContext,
  pollId: string | undefined,
): Promise<string | null> {
  if (pollId === undefined) return null;
  if (!ctx.config.polls) {
    throw invalid("message.poll_id", `polls are turned off for ${ctx.channel.type} channels`);
  }
  const poll = await tx.polls.lock(pollId);
  if (!poll) throw invalid("message.poll_id", `poll ${pollId} does not exist`);
  ensure("AttachPoll", await pollAccess(tx, actor, poll));
  if ((await tx.polls.homes([pollId])).length > 0) {
    throw new DomainError(ErrorCode.conflict, `poll ${pollId} is already posted in a message`);
  }
  return pollId;
}

/** The polls of these messages (deleted messages show none), as `viewerId` sees them. */
export async function pollsForMessages(
  repos: Repos,
  messages: readonly MessageRow[],
  viewerId: string | null,
  /** The messages are new and not stored yet: each is its poll's home. */
  unstored = false,
): Promise<Map<string, PollResponse>> {
  const polled = messages.filter((m) => m.poll_id && m.type !== "deleted");
  if (polled.length === 0) return new Map();
  const ids = polled.map((m) => m.poll_id as string);
  const homes = unstored
    ? polled.map((m) => ({ poll_id: m.poll_id as string, message_id: m.id, cid: m.cid }))
    : undefined;
  const views = await pollViews(repos, await repos.polls.getMany(ids), viewerId, homes);
  return new Map(views.map((p) => [p.id, p]));
}

export function withPoll(
  message: MessageResponse,
  polls: ReadonlyMap<string, PollResponse>,
): MessageResponse {
  const poll = message.poll_id && message.type !== "deleted" ? polls.get(message.poll_id) : undefined;
  return poll ? { ...message, poll } : message;
}
