import type { UserRow } from "./rows.js";

/** A member who has read a message, with when they last moved their read position. */
export interface MessageReaderRow {
  user: UserRow;
  last_read_at: string | null;
}

/** Read receipts: the users' privacy setting and who has read how far. */
export interface ReceiptRepo {
  /** Whether the user shares read receipts (true without a stored row). */
  sharing(userId: string): Promise<boolean>;
  save(userId: string, shareReadReceipts: boolean, now: string): Promise<void>;
  /** Of `userIds`, those who turned read receipts off. */
  notSharing(userIds: readonly string[]): Promise<Set<string>>;
  /**
   * Members of `cid` whose read position is at `seq` or later and who share read receipts, other
   * than `exclude`, by user id after `after`.
   */
  readers(q: {
    cid: string;
    seq: number;
    exclude: readonly string[];
    after?: string;
    limit: number;
  }): Promise<MessageReaderRow[]>;
  /** How many members `readers` would list without paging. */
  countReaders(q: { cid: string; seq: number; exclude: readonly string[] }): Promise<number>;
}
