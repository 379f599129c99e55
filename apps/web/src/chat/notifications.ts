/** When a new message deserves a browser notification (pure; the hook shows it). */
import type { MessageResponse } from "@parley/protocol";

export interface NotifyContext {
  userId: string | undefined;
  /** The tab is hidden (document.hidden). */
  hidden: boolean;
  /** The channel is muted by the user. */
  muted: boolean;
  /** The channel is a direct conversation. */
  direct: boolean;
  /** Users the current user muted. */
  mutedUsers?: readonly string[];
}

/** A DM or a mention of the user, by someone else, while the tab is hidden, in a channel not muted. */
export function shouldNotify(message: MessageResponse, ctx: NotifyContext): boolean {
  if (!ctx.hidden || ctx.muted || !ctx.userId) return false;
  if (message.user.id === ctx.userId || message.type !== "regular") return false;
  if (ctx.mutedUsers?.includes(message.user.id)) return false;
  const mentioned = message.mentioned_users.includes(ctx.userId);
  return ctx.direct || mentioned;
}

/** The notification's body: the text, shortened, or what was sent. */
export function notificationBody(message: MessageResponse): string {
  const text = message.text.replace(/\s+/g, " ").trim();
  if (text) return text.length > 140 ? `${text.slice(0, 139)}…` : text;
  return message.attachments.length > 0 ? "Sent a file" : "New message";
}
