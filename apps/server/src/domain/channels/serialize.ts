import type {
  ChannelConfig,
  ChannelResponse,
  ChannelRole,
  MemberResponse,
  MembershipResponse,
  MessageResponse,
  MessageType,
  ReadStateResponse,
} from "@parley/protocol";
import type { ChannelRow, MemberRow, MessageRow, ReactionRow, UserRow } from "../../store/store.js";
import { toUserResponse } from "../users/serialize.js";

export function toChannelResponse(c: ChannelRow, config: ChannelConfig): ChannelResponse {
  return {
    cid: c.cid,
    type: c.type,
    id: c.id,
    name: c.name,
    image: c.image,
    created_by_id: c.created_by_id,
    created_at: c.created_at,
    updated_at: c.updated_at,
    last_message_at: c.last_message_at,
    member_count: c.member_count,
    is_direct: c.is_direct,
    deleted_at: c.deleted_at,
    truncated_at: c.truncated_at,
    topic: c.topic ?? "",
    config,
  };
}

export function toMemberResponse(m: MemberRow, u: UserRow): MemberResponse {
  return {
    user_id: m.user_id,
    user: toUserResponse(u),
    role: m.role as ChannelRole,
    created_at: m.created_at,
  };
}

export function toMembershipResponse(m: MemberRow, u: UserRow): MembershipResponse {
  return {
    ...toMemberResponse(m, u),
    muted: m.muted,
    muted_until: m.muted_until,
    hidden: m.hidden,
    notify_level: m.notify_level,
    starred: m.starred,
  };
}

export interface MessageExtras {
  /** The message's reactions, newest first. */
  reactions?: readonly ReactionRow[];
  /** Whose `own_reactions` to fill; null in events, which every recipient shares. */
  viewerId?: string | null;
  participants?: readonly string[];
}

export function toMessageResponse(m: MessageRow, u: UserRow, extras: MessageExtras = {}): MessageResponse {
  const reactions = extras.reactions ?? [];
  // No prototype: a reaction may be named `constructor` or `__proto__`.
  const counts: Record<string, number> = Object.create(null);
  for (const r of reactions) counts[r.type] = (counts[r.type] ?? 0) + 1;
  const toReaction = (r: ReactionRow) => ({
    message_id: r.message_id,
    user_id: r.user_id,
    type: r.type,
    created_at: r.created_at,
  });
  return {
    id: m.id,
    cid: m.cid,
    type: m.type as MessageType,
    text: m.text,
    user: toUserResponse(u),
    created_at: m.created_at,
    updated_at: m.updated_at,
    edited_at: m.edited_at,
    deleted_at: m.deleted_at,
    seq: m.seq,
    parent_id: m.parent_id,
    show_in_channel: m.show_in_channel,
    reply_count: m.reply_count,
    last_reply_at: m.last_reply_at,
    thread_participants: [...(extras.participants ?? [])],
    mentioned_users: m.mentioned_users,
    attachments: m.type === "deleted" ? [] : m.attachments,
    reaction_counts: counts,
    latest_reactions: reactions.slice(0, 10).map(toReaction),
    own_reactions: extras.viewerId
      ? reactions.filter((r) => r.user_id === extras.viewerId).map(toReaction)
      : [],
    pinned_at: m.pinned_at,
    pinned_by_id: m.pinned_by_id,
    poll_id: m.poll_id ?? null,
    ...(m.system ? { system: m.system } : {}),
  };
}

export function toReadState(m: MemberRow, unread: number, mentions = 0): ReadStateResponse {
  return {
    user_id: m.user_id,
    last_read: m.last_read_at,
    last_read_message_id: m.last_read_message_id,
    unread_messages: unread,
    unread_mentions: mentions,
  };
}
