import { createHash } from "node:crypto";
import {
  type AccountUser,
  type AppRole,
  type AuthResponse,
  CloseCode,
  ErrorCode,
  type ProfileBody,
  type SigninAnswer,
  type SigninBody,
} from "@parley/protocol";
import type { AccountRow, SessionRow, Store, UnitOfWork } from "../../store/store.js";
import { ensureApp } from "../access.js";
import { type Clock, iso } from "../clock.js";
import { DomainError } from "../errors.js";
import type { AttemptLimiter } from "./attempt-limiter.js";
import { decoyHash, verifyPassword } from "./passwords.js";
import { hashSessionToken, newSessionToken } from "./session-tokens.js";

export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;

/** Where a sign-in comes from: kept with the session so its owner can tell sessions apart. */
export interface SessionMeta {
  ip: string;
  userAgent: string;
}

/** A product session token resolved: its account, the chat role and the stored hash. */
export interface SessionOf {
  account: AccountRow;
  role: AppRole;
  tokenHash: string;
}

/** What the accounts module needs from the chat service, and nothing more. */
export interface ChatProvider {
  upsertUser(u: { id: string; name: string; image: string; role?: "user" | "admin" }): Promise<void>;
  mintUserToken(userId: string, tokenId: string): Promise<string>;
  /** Why the user may not sign in (an app-wide ban in force), or undefined. */
  banOf(userId: string): Promise<string | undefined>;
}

/** What sign-in asks after the password (two-factor/two-factor-signin.ts). */
export interface SecondFactor {
  afterPassword(account: AccountRow, body: SigninBody, meta: SessionMeta): Promise<SigninAnswer>;
}

/** Whether a password sign-in may be tried at all (SSO-only mode: oidc/password-gate.ts). */
export interface PasswordGate {
  check(body: SigninBody): Promise<void>;
}

export interface SigninLimits {
  perUsername: AttemptLimiter;
  perIp: AttemptLimiter;
}

/** The product's accounts: the spec's sign-up function, plus sign-in, sign-out and profile. */
export class AccountsService {
  constructor(
    private readonly store: Store,
    private readonly chat: ChatProvider,
    private readonly limits: SigninLimits,
    private readonly clock: Clock,
  ) {}

  async signin(body: SigninBody, meta: SessionMeta): Promise<SigninAnswer> {
    const { ip } = meta;
    const now = this.clock();
    const wait = Math.max(
      await this.limits.perUsername.take(`u:${body.username}`, now.getTime()),
      await this.limits.perIp.take(`ip:${ip}`, now.getTime()),
    );
    if (wait > 0) {
      const err = new DomainError(ErrorCode.rateLimited, "too many sign-in attempts; try again later");
      throw Object.assign(err, { retryAfterSeconds: Math.ceil(wait / 1000) });
    }
    await this.passwordGate?.check(body);
    const account = await this.store.accounts.get(body.username);
    const ok = await verifyPassword(body.password, account?.password_hash ?? (await decoyHash));
    if (!account || !ok) {
      throw new DomainError(ErrorCode.invalidCredentials, "wrong username or password");
    }
    // Right passwords do not count: many people may sign in from one address (an office's NAT).
    await this.limits.perUsername.reset(`u:${body.username}`);
    await this.limits.perIp.refund(`ip:${ip}`);
    await this.admit(account);
    return this.completeSignin(account, body, meta);
  }

  /** What every way of signing in checks before a session is issued. */
  async admit(account: AccountRow): Promise<void> {
    if (account.deactivated_at) throw deactivated();
    const ban = await this.chat.banOf(account.id);
    if (ban) throw new DomainError(ErrorCode.banned, ban);
  }

  /** The second factor, wired by services.ts (it needs this service's sessions in turn). */
  secondFactor: SecondFactor | undefined;

  /** Refuses local passwords in SSO-only mode, wired by services.ts when SSO is configured. */
  passwordGate: PasswordGate | undefined;

  /** The password was right and the account may sign in: the session, or the next step. */
  protected async completeSignin(
    account: AccountRow,
    body: SigninBody,
    meta: SessionMeta,
  ): Promise<SigninAnswer> {
    if (!this.secondFactor) return this.issueSession(account.id, meta);
    return this.secondFactor.afterPassword(account, body, meta);
  }

  /** Revokes the session and the chat token minted with it, whose sockets close. */
  async signout(token: string): Promise<void> {
    await this.store.transaction(async (tx) => {
      const session = await tx.sessions.revoke(hashSessionToken(token), iso(this.clock()));
      if (!session)
        throw new DomainError(ErrorCode.tokenInvalid, "session token is unknown or already signed out");
      await endChatToken(tx, { ...session, chat_token_id: chatTokenId(token) }, "signed out");
    });
  }

  /** Resolves a product session token to its account, or fails with 401. */
  async session(token: string | undefined): Promise<AccountUser> {
    const { account: a } = await this.sessionOf(token);
    return { id: a.id, displayName: a.display_name, profilePicture: a.profile_picture };
  }

  /** The live session `token` opened, its account and chat role; 401 when there is none. */
  async sessionOf(token: string | undefined): Promise<SessionOf> {
    if (!token) throw new DomainError(ErrorCode.unauthorized, "a session token is required");
    const tokenHash = hashSessionToken(token);
    const s = await this.store.sessions.get(tokenHash);
    if (!s || s.revoked_at || s.expires_at <= iso(this.clock())) {
      throw new DomainError(ErrorCode.tokenInvalid, "session token is expired or invalid");
    }
    const a = await this.store.accounts.get(s.user_id);
    if (!a) throw new DomainError(ErrorCode.tokenInvalid, "session token is expired or invalid");
    if (a.deactivated_at) throw deactivated();
    // Sessions opened before their chat token id was kept learn it from their token.
    if (s.chat_token_id === null) await this.store.sessions.setChatTokenId(tokenHash, chatTokenId(token));
    const user = await this.store.users.get(a.id);
    return { account: a, role: (user?.role ?? "user") as AppRole, tokenHash };
  }

  /** As `sessionOf`, for an admin only (403 otherwise). */
  async requireAdmin(token: string | undefined): Promise<SessionOf> {
    const s = await this.sessionOf(token);
    await ensureApp("ManageAccounts", { userId: s.account.id, server: false, role: s.role });
    return s;
  }

  /**
   * Revokes the user's sessions (all, or all but `except`) and the chat tokens minted with them,
   * whose sockets close; in the caller's unit of work when it passes one.
   */
  async revokeSessions(
    userId: string,
    opts: { except?: string; reason?: string } = {},
    tx?: UnitOfWork,
  ): Promise<SessionRow[]> {
    const run = async (uow: UnitOfWork) => {
      const revoked = await uow.sessions.revokeAll(userId, iso(this.clock()), opts.except);
      for (const s of revoked) await endChatToken(uow, s, opts.reason ?? "signed out");
      return revoked;
    };
    return tx ? run(tx) : this.store.transaction(run);
  }

  async updateProfile(token: string | undefined, body: ProfileBody): Promise<AccountUser> {
    const user = await this.session(token);
    const patch = {
      display_name: body.displayName ?? user.displayName,
      profile_picture: body.profilePicture ?? user.profilePicture,
    };
    await this.store.accounts.update(user.id, patch);
    await this.chat.upsertUser({ id: user.id, name: patch.display_name, image: patch.profile_picture });
    return { id: user.id, displayName: patch.display_name, profilePicture: patch.profile_picture };
  }

  /**
   * Opens a session for an account that has passed every check of its way of signing in: the
   * spec's `{ streamToken, token, user }`. The chat user follows the account's profile.
   */
  async issueSession(accountId: string, meta: SessionMeta): Promise<AuthResponse> {
    const account = await this.store.accounts.get(accountId);
    if (!account) throw new DomainError(ErrorCode.notFound, `account ${accountId} does not exist`);
    await this.chat.upsertUser({
      id: account.id,
      name: account.display_name,
      image: account.profile_picture,
    });
    const now = this.clock();
    const { token, hash } = newSessionToken();
    const tokenId = chatTokenId(token);
    await this.store.sessions.insert({
      token_hash: hash,
      user_id: account.id,
      created_at: iso(now),
      expires_at: iso(new Date(now.getTime() + SESSION_TTL_MS)),
      revoked_at: null,
      user_agent: meta.userAgent.slice(0, 512),
      ip: meta.ip,
      last_seen_at: iso(now),
      chat_token_id: tokenId,
    });
    const streamToken = await this.chat.mintUserToken(account.id, tokenId);
    return {
      streamToken,
      token,
      user: { id: account.id, displayName: account.display_name, profilePicture: account.profile_picture },
    };
  }
}

/** Revokes the chat token a revoked session minted; the sockets it opened close. */
export async function endChatToken(uow: UnitOfWork, s: SessionRow, reason: string): Promise<void> {
  if (s.chat_token_id === null) return;
  await uow.revokedTokens.add(s.chat_token_id, s.expires_at);
  uow.emit({
    kind: "disconnect",
    userId: s.user_id,
    tokenId: s.chat_token_id,
    code: CloseCode.sessionRevoked,
    reason,
  });
}

function deactivated() {
  return new DomainError(ErrorCode.deactivated, "this account has been deactivated; ask an admin");
}

/** The chat token minted with a session carries this id, so signing out revokes both. */
export function chatTokenId(sessionToken: string): string {
  return createHash("sha256").update(`chat:${sessionToken}`).digest("base64url").slice(0, 22);
}
