import type { NotifyLevel } from "@parley/protocol";
import type { ChannelRow, MemberRow, MessageRow } from "./rows.js";
import type { MembershipKind } from "./store.js";

/** A user digests may go to: a verified address, digests on, not deleted. */
export interface DigestRecipient {
  user_id: string;
  /** The app role (`users.role`), which decides the channels the user may read. */
  role: string;
  email: string;
  email_delay_minutes: number;
  emailed_through: string | null;
  default_level: NotifyLevel;
  dnd_until: string | null;
}

/** What digests read of the user's unread mentions and DMs (`pending`). */
export interface DigestQuery {
  userId: string;
  /** Memberships of these kinds are left out: the policies do not let the user read them. */
  hide: readonly MembershipKind[];
  /** Only messages created after this time… */
  createdAfter: string;
  /** …and at or before this one (their delay has passed). */
  createdUpTo: string;
  limit: number;
}

/** An unread message that mentions the user or is a DM to them, with what an email shows of it. */
export interface DigestItem {
  message: MessageRow;
  author_name: string;
  channel: Pick<ChannelRow, "cid" | "type" | "id" | "name" | "is_direct">;
  member: Pick<MemberRow, "notify_level" | "muted" | "muted_until">;
}

/** What email digests read of the store (kysely/digest-repos.ts). */
export interface DigestRepo {
  /** Users with a verified address and digests on, by id, after `afterUserId`. */
  recipients(afterUserId: string | null, limit: number): Promise<DigestRecipient[]>;
  /**
   * The user's regular messages that are unread (after the member's `last_read_seq` and the
   * channel's truncation) in live channels they are still a member of, in DMs or mentioning them,
   * not by themselves nor by a user they muted; oldest first (created_at, then id).
   */
  pending(q: DigestQuery): Promise<DigestItem[]>;
  /** Moves `emailed_through` forward to `through` (never back). */
  advance(userId: string, through: string): Promise<void>;
}
