/**
 * What the UI offers, mirroring the server's policy set (apps/server domain/policies): the server
 * still decides; these only hide actions that would be refused.
 */
import type { ChannelStateSnapshot } from "@parley/client";
import type { MessageResponse, OwnUserResponse } from "@parley/protocol";

export function isOwn(message: MessageResponse, userId: string | undefined): boolean {
  return message.user.id === userId;
}

export function canEdit(message: MessageResponse, userId: string | undefined): boolean {
  return (
    isOwn(message, userId) &&
    message.type === "regular" &&
    (message as { status?: string }).status !== "sending"
  );
}

export function canDelete(message: MessageResponse, userId: string | undefined): boolean {
  return canEdit(message, userId);
}

/** Pin: app admins, the channel's owner or moderators, and in a direct conversation the message's author. */
export function canPin(
  message: MessageResponse,
  state: ChannelStateSnapshot,
  user: Pick<OwnUserResponse, "id" | "role"> | undefined,
): boolean {
  if (!user || message.type !== "regular") return false;
  if (user.role === "admin") return true;
  const role = state.membership?.role;
  if (role === "owner" || role === "channel_moderator") return true;
  return Boolean(state.channel?.is_direct) && message.user.id === user.id && state.membership !== null;
}

/** Renaming, pictures and members: any member of a non-direct channel (a direct channel's members are fixed). */
export function canManageChannel(state: ChannelStateSnapshot): boolean {
  return state.membership !== null && !state.channel?.is_direct;
}
