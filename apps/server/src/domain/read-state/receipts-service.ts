import type {
  MessageReadersQuery,
  MessageReadersResponse,
  PrivacySettings,
  UpdatePrivacyBody,
} from "@parley/protocol";
import type { Store } from "../../store/store.js";
import type { Actor } from "../auth/chat-tokens.js";
import { loadChannel } from "../channels/channel-context.js";
import type { ChannelTypes } from "../channels/channel-types.js";
import { type Clock, iso } from "../clock.js";
import { notFound } from "../errors.js";
import { toUserResponse } from "../users/serialize.js";

const READERS_PAGE = 50;

/** Read receipts: the privacy setting that hides them, and who has read a message. */
export class ReceiptsService {
  constructor(
    private readonly store: Store,
    private readonly types: ChannelTypes,
    private readonly clock: Clock,
  ) {}

  async privacy(actor: Actor): Promise<PrivacySettings> {
    return { share_read_receipts: await this.store.receipts.sharing(actor.userId) };
  }

  async updatePrivacy(actor: Actor, body: UpdatePrivacyBody): Promise<PrivacySettings> {
    await this.store.receipts.save(actor.userId, body.share_read_receipts, iso(this.clock()));
    return this.privacy(actor);
  }

  /**
   * Members whose read position is at the message or later, leaving out the caller, the author
   * and those who do not share receipts; nobody where the channel type sends no read events.
   */
  async readers(actor: Actor, messageId: string, q: MessageReadersQuery): Promise<MessageReadersResponse> {
    const message = await this.store.messages.get(messageId);
    if (!message) throw notFound("message");
    const ctx = await loadChannel(this.store, this.types, actor, message.cid, "ReadChannel");
    if (!ctx.config.read_events) return { readers: [], count: 0, next: null };
    const base = { cid: message.cid, seq: message.seq, exclude: [actor.userId, message.user_id] };
    const limit = q.limit ?? READERS_PAGE;
    const [rows, count] = await Promise.all([
      this.store.receipts.readers({ ...base, after: q.after, limit: limit + 1 }),
      this.store.receipts.countReaders(base),
    ]);
    const page = rows.slice(0, limit);
    return {
      readers: page.map((r) => ({ user: toUserResponse(r.user), last_read: r.last_read_at })),
      count,
      next: rows.length > limit ? (page[page.length - 1]?.user.id ?? null) : null,
    };
  }
}
