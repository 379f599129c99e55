import { createHash } from "node:crypto";
import {
  type AccountUser,
  type AuthResponse,
  ErrorCode,
  type ProfileBody,
  type SigninBody,
  type SignupBody,
} from "@parley/protocol";
import type { Store } from "../../store/store.js";
import { type Clock, iso } from "../clock.js";
import { DomainError } from "../errors.js";
import type { AttemptLimiter } from "./attempt-limiter.js";
import { decoyHash, hashPassword, verifyPassword } from "./passwords.js";
import { hashSessionToken, newSessionToken } from "./session-tokens.js";

export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;

/** What the accounts module needs from the chat service, and nothing more. */
export interface ChatProvider {
  upsertUser(u: { id: string; name: string; image: string; role?: "user" | "admin" }): Promise<void>;
  mintUserToken(userId: string, tokenId: string): Promise<string>;
  revokeToken(userId: string, tokenId: string, expiresAt: string): Promise<void>;
  /** Why the user may not sign in (an app-wide ban in force), or undefined. */
  banOf(userId: string): Promise<string | undefined>;
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

  async signup(body: SignupBody): Promise<AuthResponse> {
    const now = this.clock();
    const passwordHash = await hashPassword(body.password);
    const first = (await this.store.accounts.count()) === 0;
    if (await this.store.accounts.get(body.username)) throw this.taken();
    try {
      await this.store.accounts.insert({
        id: body.username,
        display_name: body.displayName,
        profile_picture: body.profilePicture ?? "",
        password_hash: passwordHash,
        created_at: iso(now),
      });
    } catch (err) {
      if (await this.store.accounts.get(body.username)) throw this.taken();
      throw err;
    }
    await this.chat.upsertUser({
      id: body.username,
      name: body.displayName,
      image: body.profilePicture ?? "",
      role: first ? "admin" : "user",
    });
    return this.openSession(body.username, body.displayName, body.profilePicture ?? "", now);
  }

  async signin(body: SigninBody, ip: string): Promise<AuthResponse> {
    const now = this.clock();
    const wait = Math.max(
      await this.limits.perUsername.take(`u:${body.username}`, now.getTime()),
      await this.limits.perIp.take(`ip:${ip}`, now.getTime()),
    );
    if (wait > 0) {
      const err = new DomainError(ErrorCode.rateLimited, "too many sign-in attempts; try again later");
      throw Object.assign(err, { retryAfterSeconds: Math.ceil(wait / 1000) });
    }
    const account = await this.store.accounts.get(body.username);
    const ok = await verifyPassword(body.password, account?.password_hash ?? (await decoyHash));
    if (!account || !ok) {
      throw new DomainError(ErrorCode.invalidCredentials, "wrong username or password");
    }
    await this.limits.perUsername.reset(`u:${body.username}`);
    const ban = await this.chat.banOf(account.id);
    if (ban) throw new DomainError(ErrorCode.banned, ban);
    await this.chat.upsertUser({
      id: account.id,
      name: account.display_name,
      image: account.profile_picture,
    });
    return this.openSession(account.id, account.display_name, account.profile_picture, now);
  }

  async signout(token: string): Promise<void> {
    const hash = hashSessionToken(token);
    const session = await this.store.sessions.revoke(hash, iso(this.clock()));
    if (!session)
      throw new DomainError(ErrorCode.tokenInvalid, "session token is unknown or already signed out");
    await this.chat.revokeToken(session.user_id, chatTokenId(token), session.expires_at);
  }

  /** Resolves a product session token to its account, or fails with 401. */
  async session(token: string | undefined): Promise<AccountUser> {
    if (!token) throw new DomainError(ErrorCode.unauthorized, "a session token is required");
    const s = await this.store.sessions.get(hashSessionToken(token));
    if (!s || s.revoked_at || s.expires_at <= iso(this.clock())) {
      throw new DomainError(ErrorCode.tokenInvalid, "session token is expired or invalid");
    }
    const a = await this.store.accounts.get(s.user_id);
    if (!a) throw new DomainError(ErrorCode.tokenInvalid, "session token is expired or invalid");
    return { id: a.id, displayName: a.display_name, profilePicture: a.profile_picture };
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

  private async openSession(
    id: string,
    displayName: string,
    picture: string,
    now: Date,
  ): Promise<AuthResponse> {
    const { token, hash } = newSessionToken();
    await this.store.sessions.insert({
      token_hash: hash,
      user_id: id,
      created_at: iso(now),
      expires_at: iso(new Date(now.getTime() + SESSION_TTL_MS)),
      revoked_at: null,
    });
    const streamToken = await this.chat.mintUserToken(id, chatTokenId(token));
    return { streamToken, token, user: { id, displayName, profilePicture: picture } };
  }

  private taken() {
    return new DomainError(ErrorCode.usernameTaken, "that username is taken", {
      username: "that username is taken",
    });
  }
}

/** The chat token minted with a session carries this id, so signing out revokes both. */
function chatTokenId(sessionToken: string): string {
  return createHash("sha256").update(`chat:${sessionToken}`).digest("base64url").slice(0, 22);
}
