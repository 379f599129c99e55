/**
 * Whether a message notifies a user, and why: the one rule behind an open tab's browser
 * notifications, Web Push and email digests (docs/api.md "Notifications"). Where the message is
 * delivered (a focused tab needs no push) is the caller's part; what the user asked for is here.
 */
import type { MessageType } from "./models.js";
import type { ChannelNotifyLevel, NotifyLevel } from "./notifications.js";

export type NotifyReason = "direct" | "mention" | "reply" | "all";

export interface NotifyMessage {
  type: MessageType;
  user: { id: string };
  parent_id: string | null;
  mentioned_users?: readonly string[];
}

/** What the rule knows of the recipient and the channel, as of the message. */
export interface NotifyRecipient {
  userId: string;
  /** The user-wide level, for a channel left at `default`. */
  defaultLevel: NotifyLevel;
  channelLevel: ChannelNotifyLevel;
  /** The channel's mute, and when it ends by itself (null: until unmuted). */
  muted: boolean;
  mutedUntil: string | null;
  dndUntil: string | null;
  direct: boolean;
  /** Whether the recipient takes part in the thread `parent_id` names (wrote the parent or a reply). */
  inThread: boolean;
  /** Users the recipient muted: their messages never notify. */
  mutedUsers: readonly string[];
}

const after = (until: string | null, now: Date) => until !== null && Date.parse(until) > now.getTime();

/** Whether a mute (with its end) or Do Not Disturb still holds at `now`. */
export const stillMuted = (muted: boolean, mutedUntil: string | null, now: Date) =>
  muted && (mutedUntil === null || after(mutedUntil, now));
export const inDoNotDisturb = (dndUntil: string | null, now: Date) => after(dndUntil, now);

export function effectiveLevel(channelLevel: ChannelNotifyLevel, defaultLevel: NotifyLevel): NotifyLevel {
  return channelLevel === "default" ? defaultLevel : channelLevel;
}

/**
 * Why `message` notifies `r` at `now`, or null. Never: one's own message, a message that is not
 * regular (system, deleted), a muted sender, a muted channel, Do Not Disturb, the level `none`.
 * Then a DM, a mention or a reply in one's thread notifies at `mentions` and `all`; any other
 * message only at `all`.
 */
export function notifyReason(message: NotifyMessage, r: NotifyRecipient, now: Date): NotifyReason | null {
  if (message.type !== "regular" || message.user.id === r.userId) return null;
  if (r.mutedUsers.includes(message.user.id)) return null;
  if (stillMuted(r.muted, r.mutedUntil, now) || inDoNotDisturb(r.dndUntil, now)) return null;
  const level = effectiveLevel(r.channelLevel, r.defaultLevel);
  if (level === "none") return null;
  if (r.direct) return "direct";
  if ((message.mentioned_users ?? []).includes(r.userId)) return "mention";
  if (message.parent_id !== null && r.inThread) return "reply";
  return level === "all" ? "all" : null;
}
