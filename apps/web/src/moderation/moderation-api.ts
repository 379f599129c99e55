/**
 * The moderation calls of the chat service (apps/server http/routes/chat-moderation.ts):
 * flags and their review, bans and user mutes.
 */
import type { ChatClient } from "@parley/client";
import type {
  BanBody,
  BanResponse,
  FlagQueryBody,
  FlagResponse,
  MessageResponse,
  UnbanBody,
  UpdateFlagsBody,
} from "@parley/protocol";

/** A flag as the moderation list answers it: with the flagger and the flagged message. */
export type FlagView = FlagResponse & { message: MessageResponse | null };

type Rest = Pick<ChatClient["rest"], "get" | "post">;

const seg = encodeURIComponent;

export const flagMessage = (rest: Rest, messageId: string, reason?: string) =>
  rest.post<{ flag: FlagResponse }>(`/messages/${seg(messageId)}/flag`, reason ? { reason } : {});

export const queryFlags = (rest: Rest, body: FlagQueryBody) =>
  rest.post<{ flags: FlagView[] }>("/moderation/flags", body);

/** The spec's update_flags: marks the messages' flags reviewed by `reviewed_by` and applies the result. */
export const reviewFlags = (rest: Rest, body: UpdateFlagsBody) =>
  rest.post<{ flags: FlagView[] }>("/automod/v1/moderation/update_flags", body);

export const banUser = (rest: Rest, body: BanBody) =>
  rest.post<{ ban: BanResponse }>("/moderation/ban", body);

export const unbanUser = (rest: Rest, body: UnbanBody) =>
  rest.post<Record<string, never>>("/moderation/unban", body);

export const listBans = (rest: Rest, cid?: string) =>
  rest.get<{ bans: BanResponse[] }>("/moderation/bans", cid ? { query: { cid } } : {});

export const muteUser = (rest: Rest, targetId: string, muted: boolean) =>
  rest.post<{ mutes: string[] }>(`/moderation/${muted ? "mute" : "unmute"}`, { target_id: targetId });
