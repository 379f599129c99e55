/** Who sees what of moderation in the UI (the server's policy engine decides for real). */
import type { ChannelRole, MessageResponse, OwnUserResponse } from "@parley/protocol";

type Me = Pick<OwnUserResponse, "id" | "role"> | undefined;

/** App moderators and admins: the /moderation screen, bans, deleting anyone's message. */
export function isModerator(me: Me): boolean {
  return me?.role === "moderator" || me?.role === "admin";
}

/** Flag: someone else's live message. */
export function canFlag(message: MessageResponse, me: Me): boolean {
  return !!me && message.user.id !== me.id && message.type === "regular";
}

/** Delete someone else's message: app moderators and admins, the channel's owner and moderators. */
export function canModerateDelete(
  message: MessageResponse,
  me: Me,
  channelRole?: ChannelRole | null,
): boolean {
  if (!me || message.user.id === me.id || message.type === "deleted") return false;
  return isModerator(me) || channelRole === "owner" || channelRole === "channel_moderator";
}

/** Ban the author app-wide: moderators and admins; admins cannot be banned. */
export function canBanAuthor(message: MessageResponse, me: Me): boolean {
  return isModerator(me) && message.user.id !== me?.id && message.user.role !== "admin";
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
