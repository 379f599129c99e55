import { newMessageId, type SystemEvent, systemMessageText } from "@parley/protocol";
import type { ChannelRow, MessageRow, UnitOfWork, UserRow } from "../../store/store.js";
import { appendEvent } from "./channel-events.js";
import { toMessageResponse } from "./serialize.js";

/** A change a system message announces; its actor is the message's author. */
export type SystemChange = Omit<SystemEvent, "actor_id">;

/**
 * Posts a system message ("Ana renamed the channel…") inside the caller's unit of work, with the
 * channel's next seq and a `message.new` like any message, replayed on resume like any event.
 * It is stored without the send's side effects on purpose: not queued for the notification
 * worker (never a push or an email), the actor's read position stays where it was, the channel
 * is not made active (its place in channel lists does not move); the unread and search rules
 * leave out every message that is not `regular`. Call it with the channel's row lock held.
 */
export async function appendSystemMessage(
  tx: UnitOfWork,
  channel: Pick<ChannelRow, "cid" | "type" | "id">,
  actor: UserRow,
  now: string,
  change: SystemChange,
): Promise<void> {
  const seq = await tx.channels.nextSeq(channel.cid);
  const system: SystemEvent = { actor_id: actor.id, ...change };
  const row: MessageRow = {
    id: newMessageId(),
    cid: channel.cid,
    user_id: actor.id,
    type: "system",
    text: systemMessageText(system, actor.name),
    created_at: now,
    updated_at: now,
    edited_at: null,
    deleted_at: null,
    seq,
    parent_id: null,
    show_in_channel: false,
    reply_count: 0,
    last_reply_at: null,
    mentioned_users: [],
    attachments: [],
    pinned_at: null,
    pinned_by_id: null,
    poll_id: null,
    system,
  };
  await tx.messages.insert(row);
  const message = toMessageResponse(row, actor, { viewerId: null });
  await appendEvent(tx, channel, now, { type: "message.new", message, user: message.user }, seq);
}

/** The system messages an update of the channel's name, picture and topic posts, in that order. */
export function channelChanges(
  before: Pick<ChannelRow, "name" | "image" | "topic">,
  set: { name?: string; image?: string; topic?: string },
): SystemChange[] {
  const changes: SystemChange[] = [];
  const changed = (from: string, to: string | undefined, kind: SystemChange["kind"]) => {
    if (to !== undefined && to !== from) changes.push({ kind, targets: [], from, to });
  };
  changed(before.name, set.name, "channel_renamed");
  changed(before.image, set.image, "channel_image_changed");
  changed(before.topic ?? "", set.topic, "channel_topic_changed");
  return changes;
}

/**
 * The system messages one change of the members posts: the actor joined or left, and one message
 * for everyone they added, one for everyone they removed.
 */
export async function announceMembers(
  tx: UnitOfWork,
  channel: Pick<ChannelRow, "cid" | "type" | "id">,
  actor: UserRow,
  now: string,
  added: readonly UserRow[],
  removed: readonly UserRow[],
): Promise<void> {
  const others = (users: readonly UserRow[]) => users.filter((u) => u.id !== actor.id).map(target);
  if (added.some((u) => u.id === actor.id)) {
    await appendSystemMessage(tx, channel, actor, now, { kind: "member_joined", targets: [] });
  }
  const addedOthers = others(added);
  if (addedOthers.length > 0) {
    await appendSystemMessage(tx, channel, actor, now, { kind: "member_added", targets: addedOthers });
  }
  const removedOthers = others(removed);
  if (removedOthers.length > 0) {
    await appendSystemMessage(tx, channel, actor, now, { kind: "member_removed", targets: removedOthers });
  }
  if (removed.some((u) => u.id === actor.id)) {
    await appendSystemMessage(tx, channel, actor, now, { kind: "member_left", targets: [] });
  }
}

/** A member's name as a system message keeps it. */
const target = (u: UserRow) => ({ id: u.id, name: u.name });
