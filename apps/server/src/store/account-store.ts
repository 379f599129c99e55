import type { AccountRow, SessionRow } from "./rows.js";

/** Product accounts, their sessions and the chat tokens revoked with them. */

export interface AccountRepo {
  insert(row: AccountRow): Promise<void>;
  get(id: string): Promise<AccountRow | undefined>;
  update(
    id: string,
    patch: Partial<Pick<AccountRow, "display_name" | "profile_picture" | "password_hash" | "deactivated_at">>,
  ): Promise<void>;
  count(): Promise<number>;
  /** Accounts with their chat role, by id, for the admin console. */
  list(q: { text: string; limit: number; offset: number }): Promise<AccountListRow[]>;
}

export interface AccountListRow extends AccountRow {
  role: string;
  last_active: string | null;
}

export interface SessionRepo {
  insert(row: SessionRow): Promise<void>;
  get(tokenHash: string): Promise<SessionRow | undefined>;
  revoke(tokenHash: string, at: string): Promise<SessionRow | undefined>;
  /** The user's sessions neither revoked nor expired at `now`, newest seen first. */
  listLive(userId: string, now: string): Promise<SessionRow[]>;
  /** Revokes the user's live sessions (but `exceptHash`), answering the ones it revoked. */
  revokeAll(userId: string, at: string, exceptHash?: string): Promise<SessionRow[]>;
  setChatTokenId(tokenHash: string, chatTokenId: string): Promise<void>;
  /** Records use of the session whose chat token is `chatTokenId`. */
  touch(chatTokenId: string, at: string): Promise<void>;
}

export interface RevokedTokenRepo {
  add(jti: string, expiresAt: string): Promise<void>;
  has(jti: string): Promise<boolean>;
}
