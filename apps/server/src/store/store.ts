import type { Envelope, EventPort } from "../domain/events.js";
import type { AccountRepo, RevokedTokenRepo, SessionRepo } from "./account-store.js";
import type { DigestRepo } from "./digest-store.js";
import type { IdentityRepo } from "./identity-store.js";
import type { InviteRepo, SettingsRepo } from "./invite-store.js";
import type { NotificationRepo } from "./notification-store.js";
import type { PasswordRepo } from "./password-store.js";
import type { PollRepo } from "./poll-store.js";
import type { ReceiptRepo } from "./receipt-store.js";
import type {
  BanRow,
  ChannelRow,
  ChannelTypeRow,
  EventRow,
  FlagRow,
  MemberRow,
  MessageRow,
  MessageVersionRow,
  ReactionRow,
  ThreadMemberRow,
  UploadRow,
  UserMuteRow,
  UserRow,
} from "./rows.js";
import type { StoreHealth } from "./store-health.js";
import type { ThreadRepo } from "./threads-store.js";
import type { TwoFactorRepo } from "./two-factor-store.js";

export type * from "./account-store.js";
export type * from "./identity-store.js";
export type * from "./invite-store.js";
export type * from "./notification-store.js";
export type * from "./password-store.js";
export type * from "./poll-store.js";
export type * from "./receipt-store.js";
export type * from "./rows.js";
export type * from "./threads-store.js";
export type * from "./two-factor-store.js";

export interface MemberWithUser {
  member: MemberRow;
  user: UserRow;
}

export interface MessageWithUser {
  message: MessageRow;
  user: UserRow;
}

/** A user with what decides whether their token may act for them now. */
export interface UserAccess {
  user: UserRow;
  /** Their app-wide ban (scope `*`) in force, if any. */
  ban: Pick<BanRow, "reason" | "expires_at"> | undefined;
  /** Whether the token's id was revoked (false for a token without one). */
  revoked: boolean;
}

export interface UserRepo {
  /** The user with their app-wide ban in force at `now` and token `tokenId`'s revocation, in one read. */
  getWithAccess(id: string, tokenId: string | undefined, now: string): Promise<UserAccess | undefined>;
  upsert(
    row: Pick<UserRow, "id" | "name" | "image" | "role" | "created_at" | "updated_at">,
  ): Promise<UserRow>;
  get(id: string): Promise<UserRow | undefined>;
  getMany(ids: readonly string[]): Promise<UserRow[]>;
  setLastActive(id: string, at: string): Promise<void>;
  setRole(id: string, role: string): Promise<void>;
  setDeactivated(id: string, at: string | null): Promise<void>;
  /** The user's status (all three at once); nulls clear it. */
  setStatus(
    id: string,
    status: Pick<UserRow, "status_emoji" | "status_text" | "status_expires_at">,
  ): Promise<void>;
  /** The copy of the user's Do Not Disturb end their rendering shows. */
  setDndUntil(id: string, at: string | null): Promise<void>;
  idsWithRoles(roles: readonly string[]): Promise<string[]>;
  search(q: { text: string; excludeId: string; limit: number; offset: number }): Promise<UserRow[]>;
}

export interface ChannelTypeRepo {
  get(name: string): Promise<ChannelTypeRow | undefined>;
  names(): Promise<string[]>;
  put(row: ChannelTypeRow): Promise<void>;
  setPolicies(name: string, policies: ChannelTypeRow["policies"]): Promise<void>;
}

export interface FlagQuery {
  reviewed?: boolean;
  cid?: string;
  /** The author of the flagged message. */
  authorId?: string;
  direction: 1 | -1;
  limit: number;
  offset: number;
}

export interface ModerationRepo {
  /** False when this user already flagged this message. */
  addFlag(row: FlagRow): Promise<boolean>;
  flags(q: FlagQuery): Promise<FlagRow[]>;
  flagsFor(messageIds: readonly string[]): Promise<FlagRow[]>;
  reviewFlags(
    messageIds: readonly string[],
    reviewer: string,
    at: string,
    result: string,
  ): Promise<FlagRow[]>;
  putBan(row: BanRow): Promise<void>;
  removeBan(userId: string, scope: string): Promise<boolean>;
  /** Bans of the user in `scopes` that have not expired at `now`. */
  activeBans(userId: string, scopes: readonly string[], now: string): Promise<BanRow[]>;
  bans(scope: string | undefined, now: string, limit: number, offset: number): Promise<BanRow[]>;
  addMute(row: UserMuteRow): Promise<void>;
  removeMute(userId: string, targetId: string): Promise<boolean>;
  mutesOf(userId: string): Promise<UserMuteRow[]>;
}

/**
 * A kind of membership: of channels of `type`, direct or not, with `role` as the channel role.
 * Queries over a user's memberships take the kinds whose channels the policies do not let the
 * user read (`hide`), and leave those channels out.
 */
export interface MembershipKind {
  type: string;
  role: string;
  is_direct: boolean;
}

export interface ChannelListQuery {
  userId: string;
  hide?: readonly MembershipKind[];
  type?: string;
  hidden?: boolean;
  muted?: boolean;
  sortField: "last_message_at" | "created_at" | "updated_at";
  sortDirection: 1 | -1;
  limit: number;
  offset: number;
}

/** Channels of `types` (not direct, not deleted) that `userId` is not a member of. */
export interface JoinableChannelQuery {
  userId: string;
  types: readonly string[];
  /** Matches the start of the name or of a word in it, case-insensitively. */
  text?: string;
  limit: number;
  offset: number;
}

export interface ChannelStanding {
  channel: ChannelRow;
  member: MemberRow | undefined;
  /** The user's own row; undefined when there is no such user. */
  user: UserRow | undefined;
  banned: boolean;
}

export interface ChannelRepo {
  insert(row: ChannelRow): Promise<void>;
  get(cid: string): Promise<ChannelRow | undefined>;
  /**
   * The channel with the user's standing in it, in one statement: their membership, and whether
   * a ban of them in the channel or app-wide (`*`) is in force at `now`.
   */
  withStanding(cid: string, userId: string, now: string): Promise<ChannelStanding | undefined>;
  update(cid: string, patch: Partial<Omit<ChannelRow, "cid" | "type" | "id">>): Promise<ChannelRow>;
  /**
   * Reads the channel and takes its row lock until the transaction ends. Every transaction that
   * appends a channel event locks the channel first, so locks are always taken in one order.
   */
  lock(cid: string): Promise<ChannelRow | undefined>;
  /** The stored last seq of each of these channels (unknown ones are left out). */
  lastSeqs(cids: readonly string[]): Promise<{ cid: string; last_seq: number }[]>;
  /** Allocates the next per-channel seq; the row lock it takes orders concurrent writers. */
  nextSeq(cid: string): Promise<number>;
  /**
   * Allocates the channel's next seq (`nextSeq`; with `activity`, a message shown in the channel,
   * it also marks the channel active at `now`: `last_message_at`, `updated_at`) and reads
   * `userId`'s standing in it as `withStanding` does, the channel as it is after: one
   * statement where the engine allows (PostgreSQL), two otherwise. Undefined, and nothing
   * allocated, for an unknown channel. For a transaction that checks its actor only once it holds
   * the channel's row lock (a send).
   */
  nextSeqWithStanding(
    cid: string,
    userId: string,
    now: string,
    activity: boolean,
  ): Promise<ChannelStanding | undefined>;
  listForUser(q: ChannelListQuery): Promise<ChannelRow[]>;
  /** Newest activity first. */
  listJoinable(q: JoinableChannelQuery): Promise<ChannelRow[]>;
}

/** Who a new message reaches: the channel's members, those who hid it, who muted its sender. */
export interface Audience {
  userIds: string[];
  hidden: string[];
  muters: string[];
}

export interface MemberRepo {
  insert(row: MemberRow): Promise<void>;
  get(cid: string, userId: string): Promise<MemberRow | undefined>;
  delete(cid: string, userId: string): Promise<void>;
  update(cid: string, userId: string, patch: Partial<Omit<MemberRow, "cid" | "user_id">>): Promise<void>;
  /** The channel's first `limit` members by join order, with their users. */
  listWithUsers(cid: string, limit: number): Promise<MemberWithUser[]>;
  /** `listWithUsers` for several channels in one statement, by cid. */
  listWithUsersIn(cids: readonly string[], limit: number): Promise<Map<string, MemberWithUser[]>>;
  userIds(cid: string): Promise<string[]>;
  /**
   * Who a new message by `senderId` reaches, in one statement: every member of the channel,
   * those of them who hid it, and every user who muted the sender.
   */
  audience(cid: string, senderId: string): Promise<Audience>;
  /** Every member with their channel role and app role. */
  withRoles(cid: string): Promise<{ user_id: string; role: string; app_role: string }[]>;
  count(cid: string): Promise<number>;
  /**
   * Un-hides the channel for every member who had hidden it; returns their user ids. A send calls
   * it only when its `audience` found someone who hid the channel.
   */
  unhideAll(cid: string): Promise<string[]>;
  forUser(userId: string, cids: readonly string[]): Promise<MemberRow[]>;
  /** Which of `userIds` are members of the channel. */
  forUsers(cid: string, userIds: readonly string[]): Promise<string[]>;
  cidsForUser(userId: string): Promise<string[]>;
}

export interface MessagePageQuery {
  cid: string;
  limit: number;
  /** Only messages with seq greater than this (truncation point). */
  afterSeq: number;
  /** The replies of this thread; without it, the channel's own messages. */
  parentId?: string;
  seqLt?: number;
  seqGt?: number;
}

export interface UnreadRow {
  cid: string;
  unread_count: number;
  last_read_at: string | null;
  muted: boolean;
}

/** Where a member has read a channel up to. */
export interface ReadPosition {
  user_id: string;
  last_read_seq: number;
}

/**
 * A channel's readers whose unread messages are counted: after each one's `last_read_seq` (as
 * given) and `truncatedSeq`, up to `upToSeq` (the channel's last_seq the caller answers with, so
 * the counts agree with it).
 */
export interface UnreadQuery {
  cid: string;
  readers: readonly ReadPosition[];
  truncatedSeq: number;
  upToSeq: number;
}

export interface MessageRepo {
  insert(row: MessageRow): Promise<void>;
  /**
   * Stores a new message with the channel event that announces it. A message `shown` in the
   * channel is also read by its sender (their read state moves to it), and its audience
   * (`members.audience`) is answered; undefined for one kept in its thread. One statement where
   * the engine allows (PostgreSQL, where each statement is a round trip), up to four otherwise.
   * Call it with the channel's row lock held (its seq allocated): a change of the members locks
   * the channel too, so the audience is the membership the message's seq follows. The message
   * is queued for the notification worker in the same statements (`notify_queue`).
   */
  insertNew(row: MessageRow, event: EventRow, shown: boolean): Promise<Audience | undefined>;
  get(id: string): Promise<MessageRow | undefined>;
  getWithUser(id: string): Promise<MessageWithUser | undefined>;
  update(id: string, patch: Partial<Omit<MessageRow, "id" | "cid" | "user_id" | "seq">>): Promise<void>;
  /** Counts one more reply on a thread's parent, atomically. */
  addReply(parentId: string, at: string): Promise<void>;
  /** Oldest first. With seqLt: the newest `limit` before it; with seqGt: the oldest `limit` after it. */
  page(q: MessagePageQuery): Promise<MessageWithUser[]>;
  /** The newest `limit` messages shown in each channel (after its `afterSeq`), oldest first, by cid. */
  newestPages(
    channels: readonly { cid: string; afterSeq: number }[],
    limit: number,
  ): Promise<Map<string, MessageWithUser[]>>;
  lastRegular(cid: string, afterSeq: number): Promise<MessageRow | undefined>;
  unreadForUser(userId: string, hide?: readonly MembershipKind[]): Promise<UnreadRow[]>;
  countUnread(cid: string, userId: string, afterSeq: number): Promise<number>;
  /**
   * countUnread for several members of several channels at once (one statement for every
   * channel whose readers are not far behind): by cid, then by user id.
   */
  countUnreadByChannel(queries: readonly UnreadQuery[]): Promise<Map<string, Map<string, number>>>;
}

export interface ConversationRepo {
  addVersion(row: MessageVersionRow): Promise<void>;
  versions(messageId: string, direction: 1 | -1, limit: number): Promise<MessageVersionRow[]>;
  /** Forgets every earlier version of a message (it was deleted: no text of it stays readable). */
  deleteVersions(messageId: string): Promise<void>;
  /** Inserts the reaction; false when the user already has that type on the message. */
  addReaction(row: ReactionRow): Promise<boolean>;
  removeReaction(messageId: string, userId: string, type: string): Promise<ReactionRow | undefined>;
  userReactions(messageId: string, userId: string): Promise<ReactionRow[]>;
  reactionsFor(messageIds: readonly string[]): Promise<ReactionRow[]>;
  setMentions(messageId: string, cid: string, seq: number, userIds: readonly string[]): Promise<void>;
  unreadMentions(userId: string, hide?: readonly MembershipKind[]): Promise<{ cid: string; n: number }[]>;
  addThreadMember(row: ThreadMemberRow): Promise<void>;
  threadMember(parentId: string, userId: string): Promise<ThreadMemberRow | undefined>;
  setThreadRead(parentId: string, userId: string, seq: number): Promise<void>;
  threadMembersFor(parentIds: readonly string[]): Promise<ThreadMemberRow[]>;
  unreadThreads(
    userId: string,
    hide?: readonly MembershipKind[],
  ): Promise<{ parent_id: string; cid: string; n: number }[]>;
  pinned(cid: string, afterSeq: number, limit: number): Promise<MessageWithUser[]>;
}

export interface UploadRepo {
  insert(row: UploadRow): Promise<void>;
  get(id: string): Promise<UploadRow | undefined>;
  attach(ids: readonly string[], messageId: string): Promise<void>;
  forMessage(messageId: string): Promise<UploadRow[]>;
  markDeleted(messageId: string, at: string): Promise<UploadRow[]>;
  /** Removes uploads never attached to a message and created before `before`; returns them. */
  removeOrphans(before: string): Promise<UploadRow[]>;
}

export interface EventRepo {
  insert(row: EventRow): Promise<void>;
  /** Events with seq in (afterSeq, upToSeq], oldest first. */
  range(cid: string, afterSeq: number, upToSeq: number, limit: number): Promise<EventRow[]>;
  /** Deletes events older than `before` beyond the newest `keep` of each channel. */
  prune(before: string, keep: number): Promise<number>;
}

export interface Repos {
  accounts: AccountRepo;
  sessions: SessionRepo;
  revokedTokens: RevokedTokenRepo;
  users: UserRepo;
  channelTypes: ChannelTypeRepo;
  channels: ChannelRepo;
  members: MemberRepo;
  messages: MessageRepo;
  conversation: ConversationRepo;
  uploads: UploadRepo;
  moderation: ModerationRepo;
  events: EventRepo;
  polls: PollRepo;
  notifications: NotificationRepo;
  passwords: PasswordRepo;
  digests: DigestRepo;
  identities: IdentityRepo;
  settings: SettingsRepo;
  invites: InviteRepo;
  twoFactor: TwoFactorRepo;
  receipts: ReceiptRepo;
  threads: ThreadRepo;
}

/** A message search (spec §3, §9): folded terms, every one must match; `prefix` as a prefix. */
export interface MessageSearchQuery {
  /** Only channels this user is a member of when the query runs. */
  userId: string;
  hide?: readonly MembershipKind[];
  exact: readonly string[];
  /** Words in this order, next to each other (a quoted phrase). */
  phrases?: readonly (readonly string[])[];
  /** Matches the start of a word. No word, phrase nor prefix: every message the filters let through. */
  prefix?: string;
  filters?: MessageSearchFilters;
  /** Only results strictly older than this sort key (created_at, then id, both descending). */
  before?: { createdAt: string; id: string };
  limit: number;
}

/** What narrows a message search besides its words (domain/search/search-query.ts). */
export interface MessageSearchFilters {
  /** The author is one of these (none: nobody). */
  userIds?: readonly string[];
  /** The channel is one of these (none: nothing). */
  cids?: readonly string[];
  /** `created_at` at or after `since`, strictly before `until` (ISO). */
  since?: string;
  until?: string;
  hasFile?: boolean;
  hasLink?: boolean;
  pinned?: boolean;
  /** A thread reply or a message with replies. */
  thread?: boolean;
}

export interface MessageSearchHit {
  message: MessageRow;
  user: UserRow;
  channel: ChannelRow;
  /** The users the message mentions, in its order (an account gone from the store is left out). */
  mentioned: UserRow[];
}

export interface ChannelSearchQuery {
  userId: string;
  hide?: readonly MembershipKind[];
  /** Matched as a case-insensitive prefix of the name or of a word in it; empty matches all. */
  text: string;
  limit: number;
  offset: number;
}

/** Search: the message part is each engine's own full-text index (adapters' search-*.ts). */
export interface SearchRepo {
  /** Regular messages, newest first (created_at desc, id desc). */
  messages(q: MessageSearchQuery): Promise<MessageSearchHit[]>;
  /** Live channels the user belongs to, by name then cid. */
  channels(q: ChannelSearchQuery): Promise<ChannelRow[]>;
}

/**
 * A transaction: its reads and writes, and the events its change makes. What it emits is
 * published after it commits, in order, and dropped if it rolls back: the one way a change is
 * heard of (docs/architecture.md, "The write path").
 */
export interface UnitOfWork extends Repos {
  emit(envelope: Envelope): void;
}

export interface Store extends Repos {
  readonly dialect: "sqlite" | "postgres";
  /** Connection pool usage, where there is a pool (PostgreSQL). */
  poolStats?(): { total: number; idle: number; waiting: number };
  /** Commits and the transactions they carried, where commits are grouped. */
  commitStats?(): { commits: number; transactions: number };
  readonly search: SearchRepo;
  /**
   * Runs `fn` in one transaction; everything it writes commits together or not at all.
   * Transactions given the same `key` run one at a time in the order `transaction` was called,
   * so one called earlier takes its row locks and seqs first (SQLite runs every transaction so),
   * and those that queue meanwhile may share a commit: `fn` must not hold the transaction
   * waiting on anything but its own statements.
   */
  transaction<T>(fn: (tx: UnitOfWork) => Promise<T>, key?: string): Promise<T>;
  /** Where the envelopes that transactions emit are published after their COMMIT (unit-of-work.ts). */
  publishTo(port: EventPort): void;
  ping(): Promise<void>;
  /** Whether writes work: the last one that failed for a full disk, a read-only store… (store-health.ts). */
  readonly health: StoreHealth;
  /** Commits a small write of its own, to learn whether writes work again (kysely/health-probe.ts). */
  probeWrite(): Promise<void>;
  close(): Promise<void>;
}
