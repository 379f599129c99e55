import { type AdminAccount, type AppRole, CloseCode, ErrorCode } from "@parley/protocol";
import type { AccountListRow, Store } from "../../store/store.js";
import { type Clock, iso } from "../clock.js";
import { DomainError } from "../errors.js";
import type { AccountsService } from "./accounts-service.js";

/** What an admin does to other people's accounts: list, sign out everywhere, deactivate. */
export class AccountAdminService {
  constructor(
    private readonly store: Store,
    private readonly accounts: AccountsService,
    private readonly clock: Clock,
  ) {}

  async list(token: string | undefined, q: { q?: string; offset?: number; limit?: number }) {
    await this.accounts.requireAdmin(token);
    const rows = await this.store.accounts.list({
      text: q.q ?? "",
      offset: q.offset ?? 0,
      limit: q.limit ?? 50,
    });
    return rows.map(toAdminAccount);
  }

  async signOutEverywhere(token: string | undefined, userId: string): Promise<number> {
    await this.accounts.requireAdmin(token);
    await this.target(userId);
    return (await this.accounts.revokeSessions(userId, { reason: "signed out by an admin" })).length;
  }

  /** Deactivated: no sign-in, no token accepted, every socket closed; messages and memberships stay. */
  async deactivate(token: string | undefined, userId: string): Promise<AdminAccount> {
    const me = await this.accounts.requireAdmin(token);
    if (me.account.id === userId)
      throw new DomainError(ErrorCode.forbidden, "you cannot deactivate your own account");
    await this.target(userId);
    const now = iso(this.clock());
    await this.store.transaction(async (tx) => {
      await tx.accounts.update(userId, { deactivated_at: now });
      await tx.users.setDeactivated(userId, now);
      await this.accounts.revokeSessions(userId, { reason: "account deactivated" }, tx);
      // Sockets opened with tokens no session names (server-minted) close too.
      tx.emit({ kind: "disconnect", userId, code: CloseCode.deactivated, reason: "account deactivated" });
    });
    return this.target(userId);
  }

  async reactivate(token: string | undefined, userId: string): Promise<AdminAccount> {
    await this.accounts.requireAdmin(token);
    await this.target(userId);
    await this.store.transaction(async (tx) => {
      await tx.accounts.update(userId, { deactivated_at: null });
      await tx.users.setDeactivated(userId, null);
    });
    return this.target(userId);
  }

  private async target(userId: string): Promise<AdminAccount> {
    const account = await this.store.accounts.get(userId);
    const user = account && (await this.store.users.get(userId));
    if (!account || !user) throw new DomainError(ErrorCode.notFound, `no account ${userId}`);
    return toAdminAccount({ ...account, role: user.role, last_active: user.last_active });
  }
}

function toAdminAccount(r: AccountListRow): AdminAccount {
  return {
    id: r.id,
    displayName: r.display_name,
    profilePicture: r.profile_picture,
    role: r.role as AppRole,
    created_at: r.created_at,
    last_active: r.last_active,
    deactivated_at: r.deactivated_at,
  };
}
