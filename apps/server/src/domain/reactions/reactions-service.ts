import { ErrorCode, type MessageResponse, type ReactionResponse } from "@parley/protocol";
import type { Store } from "../../store/store.js";
import type { Actor } from "../auth/chat-tokens.js";
import { loadChannel } from "../channels/channel-context.js";
import { appendEvent } from "../channels/channel-events.js";
import type { ChannelTypes } from "../channels/channel-types.js";
import { type Clock, iso } from "../clock.js";
import { DomainError, notFound } from "../errors.js";
import { renderMessage } from "../messages/message-view.js";
import { toUserResponse } from "../users/serialize.js";

/** Reactions: any emoji, one of each type per user per message. */
export class ReactionsService {
  constructor(
    private readonly store: Store,
    private readonly types: ChannelTypes,
    private readonly clock: Clock,
  ) {}

  async add(
    actor: Actor,
    messageId: string,
    type: string,
  ): Promise<{ message: MessageResponse; reaction: ReactionResponse }> {
    return this.apply(actor, messageId, type, true);
  }

  async remove(
    actor: Actor,
    messageId: string,
    type: string,
  ): Promise<{ message: MessageResponse; reaction: ReactionResponse }> {
    return this.apply(actor, messageId, type, false);
  }

  async list(actor: Actor, messageId: string): Promise<ReactionResponse[]> {
    const m = await this.store.messages.get(messageId);
    if (!m) throw notFound("message");
    await loadChannel(this.store, this.types, actor, m.cid, "ReadChannel");
    const rows = await this.store.conversation.reactionsFor([messageId]);
    const users = await this.store.users.getMany([...new Set(rows.map((r) => r.user_id))]);
    return rows.map((r) => {
      const u = users.find((x) => x.id === r.user_id);
      return { ...r, ...(u ? { user: toUserResponse(u) } : {}) };
    });
  }

  private async apply(actor: Actor, messageId: string, type: string, adding: boolean) {
    const now = iso(this.clock());
    const found = await this.store.messages.get(messageId);
    if (!found) throw notFound("message");
    return this.store.transaction(async (tx) => {
      // A user only ever removes their own reaction, so they own what DeleteReaction acts on.
      const ctx = await loadChannel(
        tx,
        this.types,
        actor,
        found.cid,
        adding ? "CreateReaction" : "DeleteReaction",
        actor.userId,
        {
          lock: true,
        },
      );
      if (!ctx.config.reactions)
        throw new DomainError(ErrorCode.badRequest, "reactions are turned off for this channel type");
      const row = (await tx.messages.getWithUser(messageId))!;
      if (row.message.seq <= ctx.channel.truncated_seq) throw notFound("message");
      if (row.message.type === "deleted")
        throw new DomainError(ErrorCode.badRequest, "you cannot react to a deleted message");
      const reaction = { message_id: messageId, user_id: actor.userId, type, created_at: now };
      let changed: boolean;
      if (adding) {
        changed = await tx.conversation.addReaction(reaction);
      } else {
        changed = (await tx.conversation.removeReaction(messageId, actor.userId, type)) !== undefined;
        if (!changed) throw notFound("reaction");
      }
      const user = toUserResponse((await tx.users.get(actor.userId))!);
      if (changed) {
        const message = await renderMessage(tx, row, null);
        await appendEvent(tx, ctx.channel, now, {
          type: adding ? "reaction.new" : "reaction.deleted",
          message,
          reaction: { ...reaction, user },
          user,
        });
      }
      return {
        message: await renderMessage(tx, row, actor.userId),
        reaction: { ...reaction, user },
      };
    });
  }
}
