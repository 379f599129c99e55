import { type MessageType, messagePath, notifyReason, type PushPayload, plainText } from "@parley/protocol";
import { groupBy } from "../../lib/group-by.js";
import type {
  ChannelRow,
  MessageWithUser,
  PushCandidate,
  PushDeliveryRow,
  Store,
} from "../../store/store.js";
import type { Actor } from "../auth/chat-tokens.js";
import { loadChannel } from "../channels/channel-context.js";
import type { ChannelTypes } from "../channels/channel-types.js";
import { DEFAULT_LEVEL } from "./settings-view.js";

const PREVIEW_CHARS = 180;

export interface PushPlanDeps {
  store: Store;
  types: ChannelTypes;
  /** Whether the user has a visible, focused tab on some node now (they need no push). */
  focused(userId: string): boolean;
}

/**
 * The pushes one new message causes: for each device of each member whom the notify rule says it
 * notifies, who can still read the channel and has no focused tab, one delivery.
 */
export async function planPushes(
  deps: PushPlanDeps,
  messageId: string,
  cid: string,
  now: Date,
): Promise<PushDeliveryRow[]> {
  const { store } = deps;
  const candidates = await store.notifications.candidates(cid);
  if (candidates.length === 0) return [];
  const [found, channel] = await Promise.all([
    store.messages.getWithUser(messageId),
    store.channels.get(cid),
  ]);
  if (!found || !channel || channel.deleted_at || found.message.seq <= channel.truncated_seq) return [];
  const { message } = found;
  const byUser = groupBy(candidates, (c) => c.subscription.user_id);
  const thread = message.parent_id ? await threadOf(store, message.parent_id) : new Set<string>();
  const rows: PushDeliveryRow[] = [];
  const at = now.toISOString();
  for (const [userId, devices] of byUser) {
    const { member, settings } = devices[0] as PushCandidate;
    const mutes = await store.moderation.mutesOf(userId);
    const reason = notifyReason(
      {
        type: message.type as MessageType,
        user: { id: message.user_id },
        parent_id: message.parent_id,
        mentioned_users: message.mentioned_users,
      },
      {
        userId,
        defaultLevel: settings?.default_level ?? DEFAULT_LEVEL,
        channelLevel: member.notify_level,
        muted: member.muted,
        mutedUntil: member.muted_until,
        dndUntil: settings?.dnd_until ?? null,
        direct: channel.is_direct,
        inThread: thread.has(userId),
        mutedUsers: mutes.map((m) => m.target_id),
      },
      now,
    );
    if (!reason || deps.focused(userId) || !(await mayRead(deps, userId, cid))) continue;
    const payload = JSON.stringify(pushPayload(found, channel));
    for (const { subscription } of devices)
      rows.push({
        message_id: messageId,
        subscription_id: subscription.id,
        payload,
        attempts: 0,
        next_at: at,
      });
  }
  return rows;
}

/** The thread's participants: the parent's author and every replier. */
async function threadOf(store: Store, parentId: string): Promise<Set<string>> {
  const [parent, members] = await Promise.all([
    store.messages.get(parentId),
    store.conversation.threadMembersFor([parentId]),
  ]);
  return new Set([...(parent ? [parent.user_id] : []), ...members.map((m) => m.user_id)]);
}

async function mayRead(deps: PushPlanDeps, userId: string, cid: string): Promise<boolean> {
  const user = await deps.store.users.get(userId);
  if (!user || user.deleted_at) return false;
  const actor: Actor = { userId, server: false, role: user.role as Actor["role"] };
  return loadChannel(deps.store, deps.types, actor, cid, "ReadChannel").then(
    () => true,
    () => false,
  );
}

/** What the device shows: who wrote where, the text as plain text, and where a click opens. */
export function pushPayload({ message, user }: MessageWithUser, channel: ChannelRow): PushPayload {
  const where = channel.name || channel.id;
  const text = plainText(message.text);
  const files = message.attachments.length;
  const body =
    text.length > PREVIEW_CHARS
      ? `${text.slice(0, PREVIEW_CHARS - 1)}…`
      : text || (files > 0 ? `sent ${files === 1 ? "a file" : `${files} files`}` : "sent a message");
  return {
    kind: "message",
    title: channel.is_direct ? user.name : `${user.name} in #${where}`,
    body,
    tag: channel.cid,
    url: messagePath(message),
    cid: channel.cid,
    message_id: message.id,
  };
}
