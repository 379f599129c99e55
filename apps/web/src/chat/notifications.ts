/**
 * What a tab's browser notification says. Whether a message notifies at all is the SDK's rule
 * (`client.notifyReason`, the one Web Push and email use); the hook shows it.
 */
import { type MessageResponse, plainText } from "@parley/protocol";
import { splitMentions } from "./mentions";

const MAX_BODY = 140;

/** The body: the text as plain text (markdown markers dropped, @names), shortened; or what was sent. */
export function notificationBody(
  message: Pick<MessageResponse, "text" | "mentioned_users" | "attachments" | "poll_id">,
  nameOf: (id: string) => string | undefined = () => undefined,
): string {
  const text = splitMentions(plainText(message.text), message.mentioned_users ?? [])
    .map((part) => (part.kind === "mention" ? `@${nameOf(part.userId) ?? part.userId}` : part.text))
    .join("")
    .replace(/\s+/g, " ")
    .trim();
  if (text) return text.length > MAX_BODY ? `${text.slice(0, MAX_BODY - 1)}…` : text;
  if (message.attachments.length > 0) return "Sent a file";
  return message.poll_id ? "Sent a poll" : "New message";
}

/** The title: the sender in a DM, "Ana in #general" elsewhere. */
export function notificationTitle(sender: string, channelName: string, direct: boolean): string {
  return direct ? sender : `${sender} in ${channelName}`;
}

/** Whether the page is in front of the user (visible and focused): then it needs no notification. */
export function pageAttended(): boolean {
  return document.visibilityState === "visible" && document.hasFocus();
}
