/**
 * Which messages count as unread for a channel member (docs/api.md, "Threads, reactions, pins,
 * history" and `GET /unread`). Each rule leaves out the read position: a message counts only
 * after it (after the member's last read seq, and the channel's truncation), which the server
 * compares by seq and the SDK by counting back from the newest message.
 */
import type { MessageType } from "./models.js";

/** The fields of a message the rules read: a `MessageResponse`, or the SDK's local copy of one. */
export interface UnreadCandidate {
  type: MessageType;
  user: { id: string };
  parent_id: string | null;
  show_in_channel: boolean;
  mentioned_users?: readonly string[];
}

/** The fields of a thread's parent the reply rule reads. */
export interface UnreadThreadParent {
  id: string;
  user: { id: string };
  thread_participants: readonly string[];
}

/**
 * Whether `message` counts towards `readerId`'s unread messages: a regular message (neither
 * deleted nor system) shown in the channel (not a thread-only reply) by someone else. An unknown
 * reader (undefined) has sent nothing.
 */
export function countsAsUnread(message: UnreadCandidate, readerId: string | undefined): boolean {
  return (
    message.type === "regular" &&
    (!message.parent_id || message.show_in_channel === true) &&
    message.user.id !== readerId
  );
}

/**
 * Whether `message` counts towards `readerId`'s unread mentions: a regular message by someone
 * else that mentions them, a thread-only reply too.
 */
export function countsAsUnreadMention(message: UnreadCandidate, readerId: string | undefined): boolean {
  return (
    readerId !== undefined &&
    message.type === "regular" &&
    message.user.id !== readerId &&
    (message.mentioned_users ?? []).includes(readerId)
  );
}

/**
 * Whether `reply` counts towards `readerId`'s unread replies in the thread of `parent`: a regular
 * reply to it by someone else, shown in the channel or not, in a thread the reader takes part in
 * (wrote the parent or a reply). The thread's read position is the member's own, apart from the
 * channel's.
 */
export function countsAsUnreadReply(
  reply: UnreadCandidate,
  parent: UnreadThreadParent,
  readerId: string | undefined,
): boolean {
  return (
    readerId !== undefined &&
    reply.parent_id === parent.id &&
    reply.type === "regular" &&
    reply.user.id !== readerId &&
    (parent.user.id === readerId || parent.thread_participants.includes(readerId))
  );
}
