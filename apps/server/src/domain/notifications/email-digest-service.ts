import {
  inDoNotDisturb,
  type MessageType,
  messagePath,
  type NotifyReason,
  notifyReason,
} from "@parley/protocol";
import type { DigestItem, DigestRecipient } from "../../store/digest-store.js";
import type { Store } from "../../store/store.js";
import type { Actor } from "../auth/chat-tokens.js";
import type { ChannelTypes } from "../channels/channel-types.js";
import { hiddenKinds } from "../channels/readable.js";
import { type Clock, iso } from "../clock.js";
import type { DigestEntry, Mailer } from "./email-ports.js";
import { unsubscribeToken } from "./email-tokens.js";

/** Messages one email lists; the others are counted ("and 12 more"). */
export const DIGEST_LISTED = 50;
/** Messages one round looks at per user; more wait for the next round. */
const DIGEST_FETCHED = 500;
const RECIPIENT_PAGE = 200;
/** Nothing older is emailed, however long digests were off. */
const LOOKBACK_MS = 7 * 24 * 3600 * 1000;
/** What a digest is for: the messages addressed to the reader, never the rest of a channel. */
const EMAILED: ReadonlySet<NotifyReason> = new Set(["direct", "mention"]);

export interface EmailDigestDeps {
  store: Store;
  types: ChannelTypes;
  clock: Clock;
  mailer: Mailer;
  appSecret: string;
  publicUrl: string;
}

export interface DigestRound {
  sent: number;
  /** Users whose digest waits for the next round (the mail server refused for now, or was down). */
  deferred: number;
}

/**
 * Email for what was missed: for each user with a verified address and digests on, the mentions
 * and DMs still unread once their delay passed, in one email, then `emailed_through` moves past
 * them. The notify rule decides (mutes, levels, Do Not Disturb) as for every notification.
 */
export class EmailDigestService {
  constructor(private readonly deps: EmailDigestDeps) {}

  async round(): Promise<DigestRound> {
    const result: DigestRound = { sent: 0, deferred: 0 };
    let after: string | null = null;
    for (;;) {
      const page = await this.deps.store.digests.recipients(after, RECIPIENT_PAGE);
      for (const [i, recipient] of page.entries()) {
        const outcome = await this.#digest(recipient);
        if (outcome === "sent") result.sent++;
        if (outcome === "deferred") result.deferred++;
        if (outcome === "unreachable") {
          // Nobody else gets through either: everyone left waits for the next round.
          result.deferred += page.length - i;
          return result;
        }
      }
      if (page.length < RECIPIENT_PAGE) return result;
      after = page[page.length - 1]!.user_id;
    }
  }

  async #digest(r: DigestRecipient): Promise<"sent" | "none" | "deferred" | "unreachable"> {
    const { store, types, clock, mailer } = this.deps;
    const now = clock();
    // Nothing goes during Do Not Disturb: the messages wait, and go after it if still unread.
    if (inDoNotDisturb(r.dnd_until, now)) return "none";
    const lookback = iso(new Date(now.getTime() - LOOKBACK_MS));
    const createdAfter = r.emailed_through && r.emailed_through > lookback ? r.emailed_through : lookback;
    const createdUpTo = iso(new Date(now.getTime() - r.email_delay_minutes * 60_000));
    if (createdUpTo <= createdAfter) return "none";
    const actor: Actor = { userId: r.user_id, server: false, role: r.role as Actor["role"] };
    const items = await store.digests.pending({
      userId: r.user_id,
      hide: await hiddenKinds(types, actor),
      createdAfter,
      createdUpTo,
      limit: DIGEST_FETCHED + 1,
    });
    const covered = withoutLastInstant(items, DIGEST_FETCHED);
    const last = covered.at(-1);
    if (!last) return "none";
    const emailed = covered.filter((item) => this.#reason(item, r, now) !== undefined);
    if (emailed.length > 0) {
      const token = unsubscribeToken(this.deps.appSecret, r.user_id, r.email);
      const outcome = await mailer.sendDigest({
        to: r.email,
        entries: emailed.slice(0, DIGEST_LISTED).map((item) => this.#entry(item, r.user_id)),
        more: Math.max(0, emailed.length - DIGEST_LISTED),
        unsubscribeLink: `${this.deps.publicUrl}/unsubscribe?token=${encodeURIComponent(token)}`,
        oneClickLink: `${this.deps.publicUrl}/chat/email/unsubscribe?token=${encodeURIComponent(token)}`,
      });
      if (outcome === "deferred" || outcome === "unreachable") return outcome;
      // Sent, or refused for good (that address takes no mail): either way these are done.
      await store.digests.advance(r.user_id, last.message.created_at);
      return outcome === "sent" ? "sent" : "none";
    }
    // Looked at and not to be emailed (a muted channel, the level `none`): never later either.
    await store.digests.advance(r.user_id, last.message.created_at);
    return "none";
  }

  #reason(item: DigestItem, r: DigestRecipient, now: Date): NotifyReason | undefined {
    const { message, channel, member } = item;
    const reason = notifyReason(
      {
        type: message.type as MessageType,
        user: { id: message.user_id },
        parent_id: message.parent_id,
        mentioned_users: message.mentioned_users,
      },
      {
        userId: r.user_id,
        defaultLevel: r.default_level,
        channelLevel: member.notify_level,
        muted: member.muted,
        mutedUntil: member.muted_until,
        dndUntil: r.dnd_until,
        direct: channel.is_direct,
        // A reply in one's thread is not what a digest is for: no need to know.
        inThread: false,
        // The store already left out the messages of users the reader muted.
        mutedUsers: [],
      },
      now,
    );
    return reason && EMAILED.has(reason) ? reason : undefined;
  }

  #entry({ message, channel, author_name }: DigestItem, userId: string): DigestEntry {
    return {
      channelName: channel.is_direct ? "Direct message" : channel.name || channel.id,
      direct: channel.is_direct,
      mention: message.mentioned_users.includes(userId),
      sender: author_name || message.user_id,
      createdAt: message.created_at,
      text: message.text,
      link: `${this.deps.publicUrl}${messagePath(message)}`,
    };
  }
}

/**
 * The first `max` items, less those at the very instant of the first item left out (when there
 * is one): `emailed_through` then moves past whole instants, and none of them is skipped.
 */
function withoutLastInstant(items: readonly DigestItem[], max: number): DigestItem[] {
  if (items.length <= max) return [...items];
  const cut = items[max]!.message.created_at;
  const kept = items.slice(0, max).filter((item) => item.message.created_at < cut);
  return kept.length > 0 ? kept : items.slice(0, max);
}
