import { createHash, randomBytes } from "node:crypto";
import {
  type ChangePasswordBody,
  ErrorCode,
  type ResetLink,
  type ResetLinkStatus,
  type ResetPasswordBody,
} from "@parley/protocol";
import type { AccountRow, PasswordResetRow, Store, UnitOfWork } from "../../store/store.js";
import { type Clock, iso } from "../clock.js";
import { DomainError, notFound } from "../errors.js";
import type { AttemptLimiter } from "./attempt-limiter.js";
import { checkNewPassword } from "./common-passwords.js";
import { hashPassword, verifyPassword } from "./passwords.js";

/** How long a reset link works. */
export const RESET_TTL_MS = 3600 * 1000;

/** What the password service needs of the accounts module (AccountsService). */
export interface SessionAuthority {
  sessionOf(token: string | undefined): Promise<{ account: AccountRow; tokenHash: string }>;
  requireAdmin(token: string | undefined): Promise<{ account: AccountRow }>;
  /** Revokes the user's sessions (but `except`) and their chat tokens, in `tx`: their sockets close. */
  revokeSessions(
    userId: string,
    options: { except?: string; reason?: string },
    tx: UnitOfWork,
  ): Promise<unknown>;
}

export interface PasswordDeps {
  store: Store;
  accounts: SessionAuthority;
  clock: Clock;
  /** The origin reset links point to (PUBLIC_URL). */
  publicUrl: string;
  /** Whether a user may ask for a reset link by email (SMTP_URL is set). */
  byEmail: boolean;
  /** Wrong current passwords, per account and per IP, limited like sign-in. */
  limits: { perUser: AttemptLimiter; perIp: AttemptLimiter };
}

const hashResetToken = (token: string) => createHash("sha256").update(token).digest("base64url");

/** Changing a password, and reset links (docs/api.md "Passwords"). */
export class PasswordService {
  readonly byEmail: boolean;

  constructor(private readonly deps: PasswordDeps) {
    this.byEmail = deps.byEmail;
  }

  /** Needs the current password; signs out every other session of the account. */
  async change(token: string | undefined, body: ChangePasswordBody, ip: string): Promise<void> {
    const { accounts, limits, clock } = this.deps;
    const { account, tokenHash } = await accounts.sessionOf(token);
    const now = clock().getTime();
    const wait = Math.max(
      await limits.perUser.take(`password-change:${account.id}`, now),
      await limits.perIp.take(`password-change-ip:${ip}`, now),
    );
    if (wait > 0) {
      const err = new DomainError(ErrorCode.rateLimited, "too many password attempts; try again later");
      throw Object.assign(err, { retryAfterSeconds: Math.ceil(wait / 1000) });
    }
    if (!(await verifyPassword(body.current_password, account.password_hash)))
      throw new DomainError(ErrorCode.wrongPassword, "the current password is wrong", {
        current_password: "the current password is wrong",
      });
    await limits.perUser.reset(`password-change:${account.id}`);
    checkNewPassword(body.new_password, account.id, "new_password");
    const hash = await hashPassword(body.new_password);
    await this.deps.store.transaction(async (tx) => {
      await tx.passwords.setHash(account.id, hash);
      await accounts.revokeSessions(account.id, { except: tokenHash, reason: "password changed" }, tx);
    });
  }

  /** An admin's one-time link for `userId`: the URL is answered once, only its hash is kept. */
  async createLink(token: string | undefined, userId: string): Promise<ResetLink> {
    const { account: admin } = await this.deps.accounts.requireAdmin(token);
    if (!(await this.deps.store.accounts.get(userId))) throw notFound(`user ${userId}`);
    return this.issue(userId, admin.id);
  }

  /** Stores a new link for `userId` (voiding the older ones) and answers its URL. */
  async issue(userId: string, createdBy: string | null): Promise<ResetLink> {
    const now = this.deps.clock();
    const token = randomBytes(32).toString("base64url");
    const expiresAt = iso(new Date(now.getTime() + RESET_TTL_MS));
    await this.deps.store.transaction((tx) =>
      tx.passwords.insertReset({
        token_hash: hashResetToken(token),
        user_id: userId,
        created_by: createdBy,
        created_at: iso(now),
        expires_at: expiresAt,
        used_at: null,
        voided_at: null,
      }),
    );
    // A fragment never reaches a server, so no access log or Referer header keeps the token.
    const url = `${this.deps.publicUrl}/reset-password#token=${token}`;
    return { url, expires_at: expiresAt };
  }

  /** Whether the link still works (else the reason, as its error code). */
  async status(token: string): Promise<ResetLinkStatus> {
    const row = await this.usable(token);
    return { username: row.user_id, expires_at: row.expires_at };
  }

  /** Sets the password, uses up the link and signs out every session of the account. */
  async reset(body: ResetPasswordBody): Promise<void> {
    const row = await this.usable(body.token);
    checkNewPassword(body.new_password, row.user_id, "new_password");
    const hash = await hashPassword(body.new_password);
    await this.deps.store.transaction(async (tx) => {
      if (!(await tx.passwords.useReset(row.token_hash, iso(this.deps.clock())))) throw linkUsed(row);
      await tx.passwords.setHash(row.user_id, hash);
      await this.deps.accounts.revokeSessions(row.user_id, { reason: "password reset" }, tx);
    });
  }

  private async usable(token: string): Promise<PasswordResetRow> {
    const row = await this.deps.store.passwords.reset(hashResetToken(token));
    if (!row)
      throw new DomainError(
        ErrorCode.resetLinkInvalid,
        "This reset link is not valid. Check that you copied all of it, or ask for a new one.",
      );
    if (row.used_at || row.voided_at) throw linkUsed(row);
    if (row.expires_at <= iso(this.deps.clock()))
      throw new DomainError(
        ErrorCode.resetLinkExpired,
        "This reset link has expired (links work for an hour). Ask for a new one.",
      );
    return row;
  }
}

function linkUsed(row: PasswordResetRow): DomainError {
  return new DomainError(
    ErrorCode.resetLinkUsed,
    row.voided_at && !row.used_at
      ? "This reset link was replaced by a newer one. Use the newest link, or ask for a new one."
      : "This reset link was already used. Ask for a new one if you need to reset the password again.",
  );
}
