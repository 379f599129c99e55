import type { MembershipKind } from "./store.js";

/** Where a page of the threads inbox ended: the last thread's newest reply time and parent id. */
export interface ThreadsCursor {
  lastReplyAt: string;
  parentId: string;
}

/** One thread the user takes part in, as the inbox lists it. */
export interface ThreadInboxRow {
  parent_id: string;
  cid: string;
  last_reply_at: string;
  /** The user's read position in the thread (`thread_members.last_read_seq`). */
  last_read_seq: number;
}

export interface ThreadsInboxQuery {
  userId: string;
  /** Membership kinds whose channels the user may not read (hiddenKinds). */
  hide: readonly MembershipKind[];
  after?: ThreadsCursor | undefined;
  limit: number;
}

/** The threads inbox: threads whose parent or a reply the user wrote (`thread_members`). */
export interface ThreadRepo {
  /**
   * Threads the user takes part in, in channels they are a member of now (not deleted, not of a
   * hidden kind) and whose parent the channel's truncation left: newest reply first, then parent
   * id descending, after the cursor.
   */
  inbox(q: ThreadsInboxQuery): Promise<ThreadInboxRow[]>;
  /** Unread replies per thread, by the rule of `conversation.unreadThreads`, for these parents. */
  unreadFor(userId: string, parentIds: readonly string[]): Promise<Map<string, number>>;
  /** Every participant of these threads: parent id → user ids. */
  participantsFor(parentIds: readonly string[]): Promise<Map<string, string[]>>;
}
