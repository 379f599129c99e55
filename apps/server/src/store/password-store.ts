/** A password reset link: only its token's SHA-256 is stored. */
export interface PasswordResetRow {
  token_hash: string;
  user_id: string;
  /** The admin who made it; null for one asked for by email. */
  created_by: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  /** Set when a newer link for the same user replaced it. */
  voided_at: string | null;
}

/** Where a reset email goes: the account and its verified address. */
export interface ResetRecipient {
  user_id: string;
  email: string;
}

/** Reset links and the account's password hash. */
export interface PasswordRepo {
  /** Stores the link and voids every earlier unused link of the same user. */
  insertReset(row: PasswordResetRow): Promise<void>;
  reset(tokenHash: string): Promise<PasswordResetRow | undefined>;
  /** Marks the link used unless it was used or voided already; answers whether this call did. */
  useReset(tokenHash: string, at: string): Promise<boolean>;
  setHash(userId: string, passwordHash: string): Promise<void>;
  /** The account named `username`, or whose verified address is `email`, with that address. */
  recipient(usernameOrEmail: string): Promise<ResetRecipient | undefined>;
}
