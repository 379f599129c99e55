import type { AttachmentResponse, SendMessageBody } from "@parley/protocol";
import type { MessageRow, Repos } from "../../store/store.js";
import type { ChannelContext } from "../channels/channel-context.js";
import { invalid } from "../errors.js";
import { toAttachment } from "../uploads/attachment.js";

export interface SendPlan {
  text: string;
  parent: MessageRow | undefined;
  showInChannel: boolean;
  mentions: string[];
  attachments: AttachmentResponse[];
}

/** Every rule a new message must pass, checked in its transaction before anything is written. */
export async function checkSend(
  store: Repos,
  ctx: ChannelContext,
  m: SendMessageBody["message"],
): Promise<SendPlan> {
  const attachments = await checkAttachments(store, ctx, m.attachments ?? []);
  const text = (attachments.length > 0 || m.poll_id) && !m.text.trim() ? "" : checkText(m.text, ctx);
  let parent: MessageRow | undefined;
  if (m.parent_id) {
    if (!ctx.config.replies)
      throw invalid("message.parent_id", "threads are turned off for this channel type");
    parent = await store.messages.get(m.parent_id);
    if (!parent || parent.cid !== ctx.channel.cid || parent.seq <= ctx.channel.truncated_seq) {
      throw invalid("message.parent_id", "the parent message is not in this channel");
    }
    if (parent.parent_id)
      throw invalid("message.parent_id", "you cannot reply to a reply; reply in its thread");
    if (parent.type === "deleted")
      throw invalid("message.parent_id", "you cannot reply to a deleted message");
    if (parent.type === "system") throw invalid("message.parent_id", "you cannot reply to a system message");
  } else if (m.show_in_channel) {
    throw invalid("message.show_in_channel", "show_in_channel needs parent_id");
  }
  const wanted = [...new Set(m.mentioned_users ?? [])];
  const members = wanted.length > 0 ? await store.members.forUsers(ctx.channel.cid, wanted) : [];
  return {
    text,
    parent,
    showInChannel: m.show_in_channel ?? false,
    mentions: wanted.filter((id) => members.includes(id)),
    attachments,
  };
}

async function checkAttachments(
  store: Repos,
  ctx: ChannelContext,
  ids: string[],
): Promise<AttachmentResponse[]> {
  if (ids.length > 0 && !ctx.config.uploads)
    throw invalid("message.attachments", "uploads are turned off for this channel type");
  const out: AttachmentResponse[] = [];
  for (const id of new Set(ids)) {
    const u = await store.uploads.get(id);
    if (!u || u.cid !== ctx.channel.cid || u.user_id !== ctx.actor.userId || u.message_id || u.deleted_at) {
      throw invalid("message.attachments", `upload ${id} is not yours to attach in this channel`);
    }
    out.push(toAttachment(u));
  }
  return out;
}

export function checkText(text: string, ctx: ChannelContext): string {
  const clean = text.trim();
  if (!clean) throw invalid("message.text", "message text must not be empty");
  // Characters are code points; a string has no more of them than UTF-16 units, so only a long
  // one is counted (spreading every text into an array cost a send about 1 µs per 100 characters).
  const max = ctx.config.max_message_length;
  if (clean.length > max && [...clean].length > max) {
    throw invalid("message.text", `message text must be at most ${max} characters`);
  }
  return clean;
}
