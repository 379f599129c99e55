/**
 * What the UI offers: the server says what the user may do (`own_capabilities` of the channel,
 * `capabilities` of the user), from the policies; these only read it to hide what would be refused.
 */
import type { ChannelStateSnapshot } from "@parley/client";
import { allows } from "@parley/client";
import type { MessageResponse } from "@parley/protocol";

export function isOwn(message: MessageResponse, userId: string | undefined): boolean {
  return message.user.id === userId;
}

const sent = (message: MessageResponse) =>
  message.type === "regular" && (message as { status?: string }).status !== "sending";

export function canEdit(
  message: MessageResponse,
  state: ChannelStateSnapshot,
  userId: string | undefined,
): boolean {
  return sent(message) && isOwn(message, userId) && allows(state.capabilities, "UpdateMessage", true);
}

/** Deleting one's own message (others' are the moderation menu's). */
export function canDelete(
  message: MessageResponse,
  state: ChannelStateSnapshot,
  userId: string | undefined,
): boolean {
  return sent(message) && isOwn(message, userId) && allows(state.capabilities, "DeleteMessage", true);
}

export function canPin(
  message: MessageResponse,
  state: ChannelStateSnapshot,
  userId: string | undefined,
): boolean {
  return message.type === "regular" && allows(state.capabilities, "PinMessage", isOwn(message, userId));
}

/** Renaming, pictures and members (a direct conversation's members are fixed). */
export function canManageChannel(state: ChannelStateSnapshot): boolean {
  return !state.channel?.is_direct && allows(state.capabilities, "UpdateChannel", false);
}

/** Making members channel moderators, or plain members again. */
export function canAssignRoles(state: ChannelStateSnapshot): boolean {
  return !state.channel?.is_direct && allows(state.capabilities, "AssignChannelRoles", false);
}
