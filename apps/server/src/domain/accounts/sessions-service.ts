import { ErrorCode, type SessionInfo } from "@parley/protocol";
import type { SessionRow, Store } from "../../store/store.js";
import { type Clock, iso } from "../clock.js";
import { DomainError } from "../errors.js";
import { type AccountsService, endChatToken } from "./accounts-service.js";

/** The sessions a user holds: listed with where they came from, revoked one by one or all. */
export class SessionsService {
  constructor(
    private readonly store: Store,
    private readonly accounts: AccountsService,
    private readonly clock: Clock,
  ) {}

  async list(token: string | undefined): Promise<SessionInfo[]> {
    const me = await this.accounts.sessionOf(token);
    const rows = await this.store.sessions.listLive(me.account.id, iso(this.clock()));
    return rows.map((r) => toSessionInfo(r, me.tokenHash));
  }

  /** Revokes one of the caller's sessions (the caller's own included: that is signing out). */
  async revoke(token: string | undefined, id: string): Promise<void> {
    const me = await this.accounts.sessionOf(token);
    const rows = await this.store.sessions.listLive(me.account.id, iso(this.clock()));
    const target = rows.find((r) => sessionId(r) === id);
    if (!target) throw new DomainError(ErrorCode.notFound, "no such session (it may have ended already)");
    await this.store.transaction(async (tx) => {
      const revoked = await tx.sessions.revoke(target.token_hash, iso(this.clock()));
      if (revoked) await endChatToken(tx, revoked, "signed out");
    });
  }

  async revokeOthers(token: string | undefined): Promise<number> {
    const me = await this.accounts.sessionOf(token);
    return (await this.accounts.revokeSessions(me.account.id, { except: me.tokenHash })).length;
  }
}

/** A session's public id: its chat token's id, which names nothing secret. */
function sessionId(r: SessionRow): string {
  return r.chat_token_id ?? r.token_hash.slice(0, 22);
}

function toSessionInfo(r: SessionRow, currentHash: string): SessionInfo {
  return {
    id: sessionId(r),
    current: r.token_hash === currentHash,
    user_agent: r.user_agent,
    ip: r.ip,
    created_at: r.created_at,
    last_seen_at: r.last_seen_at,
    expires_at: r.expires_at,
  };
}
