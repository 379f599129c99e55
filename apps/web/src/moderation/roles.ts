/** Who sees what of moderation in the UI: read from what the server says the user may do. */
import type { ChannelStateSnapshot } from "@parley/client";
import { allows } from "@parley/client";
import { type MessageResponse, type OwnUserResponse, UNBANNABLE_ROLES } from "@parley/protocol";

type Me = Pick<OwnUserResponse, "id" | "capabilities"> | undefined;

/** The /moderation screen: who may review flags (moderators and admins by default). */
export function canReviewFlags(me: Me): boolean {
  return me?.capabilities.includes("ReviewFlags") ?? false;
}

/** Flag: someone else's live message, where the policies allow flagging. */
export function canFlag(message: MessageResponse, me: Me, state: ChannelStateSnapshot | undefined): boolean {
  return (
    !!me &&
    message.user.id !== me.id &&
    message.type === "regular" &&
    allows(state?.capabilities, "FlagMessage", false)
  );
}

/** Delete someone else's message: where the policies allow deleting any message. */
export function canModerateDelete(
  message: MessageResponse,
  me: Me,
  state: ChannelStateSnapshot | undefined,
): boolean {
  if (!me || message.user.id === me.id || message.type === "deleted") return false;
  return allows(state?.capabilities, "DeleteMessage", false);
}

/** Whether anyone may ban this user (admins cannot be banned). */
export function isBannable(user: Pick<MessageResponse["user"], "role">): boolean {
  return !(UNBANNABLE_ROLES as readonly string[]).includes(user.role);
}

/** Ban the author app-wide. */
export function canBanAuthor(message: MessageResponse, me: Me): boolean {
  return (
    (me?.capabilities.includes("BanUser") ?? false) && message.user.id !== me?.id && isBannable(message.user)
  );
}

/** Whether a message is hidden for the reader because they muted its author. */
export function isMutedAuthor(
  message: Pick<MessageResponse, "user">,
  mutes: readonly string[] | undefined,
): boolean {
  return !!mutes && mutes.includes(message.user.id);
}

/** The messages the reader sees: without those of authors they muted (same array when none are). */
export function withoutMutedAuthors<M extends Pick<MessageResponse, "user">>(
  messages: readonly M[],
  mutes: readonly string[] | undefined,
): readonly M[] {
  if (!mutes || mutes.length === 0) return messages;
  return messages.filter((m) => !mutes.includes(m.user.id));
}
