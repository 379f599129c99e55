import { type AppRole, ErrorCode } from "@parley/protocol";
import { BoundedMap } from "../../lib/bounded-map.js";
import type { BanRow, Store, UserRow } from "../../store/store.js";
import { DomainError } from "../errors.js";
import type { UpsertUser, UsersService } from "../users/users-service.js";
import type { Actor, ChatTokens } from "./chat-tokens.js";

export interface Credentials {
  apiKey: string | undefined;
  token: string | undefined;
  /** Honoured only with a server-side token. */
  userId: string | undefined;
}

/** How often a session's "last seen" is written, at most, per node. */
const TOUCH_EVERY_MS = 5 * 60 * 1000;

/** Authenticates chat calls (REST and WebSocket alike) and serves the accounts module. */
export class ChatAuth {
  readonly #touched = new BoundedMap<string, number>(10_000);

  constructor(
    private readonly appKey: string,
    private readonly tokens: ChatTokens,
    private readonly store: Store,
    private readonly users: UsersService,
  ) {}

  async authenticate(c: Credentials): Promise<Actor> {
    return (await this.authenticateUser(c)).actor;
  }

  /** The caller and their user row, read once: the socket's `connection.ok` shows it. */
  async authenticateUser(c: Credentials): Promise<{ actor: Actor; user: UserRow }> {
    if (!c.apiKey) throw new DomainError(ErrorCode.invalidApiKey, "the api_key query parameter is required");
    if (c.apiKey !== this.appKey)
      throw new DomainError(ErrorCode.invalidApiKey, "api_key is not valid for this server");
    if (!c.token)
      throw new DomainError(ErrorCode.unauthorized, "a token is required (Authorization: Bearer <token>)");
    const t = await this.tokens.verify(c.token);
    if (t.server) {
      if (!c.userId) {
        throw new DomainError(ErrorCode.validation, "user_id is required with a server-side token", {
          user_id: "required with a server-side token",
        });
      }
      // An id no user can have, refused before it reaches the store (PostgreSQL refuses NUL in text).
      if (c.userId.includes("\u0000")) {
        throw new DomainError(ErrorCode.validation, "user_id: must not contain NUL characters", {
          user_id: "must not contain NUL characters",
        });
      }
      const user = liveUser(await this.store.users.get(c.userId), c.userId, ErrorCode.notFound);
      return { actor: { userId: c.userId, server: true, role: user.role as AppRole }, user };
    }
    if (c.userId !== undefined) {
      throw new DomainError(ErrorCode.forbidden, "user_id is only honoured with a server-side token");
    }
    const userId = t.userId as string;
    // One read for every request and socket: the user, their app-wide ban and the token's revocation.
    const access = await this.store.users.getWithAccess(userId, t.tokenId, new Date().toISOString());
    if (access?.revoked) throw new DomainError(ErrorCode.tokenInvalid, "token has been revoked");
    const user = liveUser(access?.user, userId, ErrorCode.tokenInvalid);
    if (access?.ban) throw new DomainError(ErrorCode.banned, banMessage(access.ban));
    if (t.tokenId) this.touch(t.tokenId);
    return { actor: { userId, server: false, tokenId: t.tokenId, role: user.role as AppRole }, user };
  }

  /** Records that the session behind a chat token is in use, once in a while and off the request's path. */
  private touch(tokenId: string): void {
    const now = Date.now();
    const last = this.#touched.get(tokenId);
    if (last !== undefined && now - last < TOUCH_EVERY_MS) return;
    this.#touched.set(tokenId, now);
    void this.store.sessions.touch(tokenId, new Date(now).toISOString()).catch(() => undefined);
  }

  async banOf(userId: string): Promise<string | undefined> {
    const ban = await this.appBan(userId);
    return ban ? banMessage(ban) : undefined;
  }

  /** The user's app-wide ban in force, if any. */
  async appBan(userId: string): Promise<BanRow | undefined> {
    return (await this.store.moderation.activeBans(userId, ["*"], new Date().toISOString()))[0];
  }

  // The narrow interface the product's accounts module uses (design.md §1).

  async upsertUser(u: UpsertUser): Promise<void> {
    await this.users.upsert(u);
  }

  mintUserToken(userId: string, tokenId: string): Promise<string> {
    return this.tokens.mintUserToken(userId, { tokenId });
  }
}

/** The user a call acts for: one that exists and is not deactivated. */
function liveUser(u: UserRow | undefined, userId: string, code: ErrorCode): UserRow {
  if (!u || u.deleted_at) throw new DomainError(code, `user ${userId} does not exist`);
  if (u.deactivated_at)
    throw new DomainError(ErrorCode.deactivated, "this account has been deactivated; ask an admin");
  return u;
}

export function banMessage(ban: Pick<BanRow, "reason" | "expires_at">): string {
  const until = ban.expires_at ? ` until ${ban.expires_at}` : "";
  return `this account is banned${until}${ban.reason ? `: ${ban.reason}` : ""}`;
}
