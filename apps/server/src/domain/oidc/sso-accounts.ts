import { randomBytes } from "node:crypto";
import type { OidcConfig } from "../../config-oidc.js";
import type { AccountRow, Store } from "../../store/store.js";
import type { ChatProvider } from "../accounts/accounts-service.js";
import { hashPassword } from "../accounts/passwords.js";
import { type Clock, iso } from "../clock.js";
import { adminByGroups, alternative, profileFrom } from "./claims.js";
import type { VerifiedIdentity } from "./identity-provider.js";

/** What an identity comes to: an account to sign in, a local account to link first, or nothing usable. */
export type Resolution =
  | { kind: "account"; account: AccountRow; admin: boolean | null }
  | { kind: "link"; username: string; admin: boolean | null }
  | { kind: "unusable"; why: string };

const MAX_ALTERNATIVES = 50;

/** Finds the account of an SSO identity, or creates it; a local account of that username is linked, not taken. */
export class SsoAccounts {
  constructor(
    private readonly store: Store,
    private readonly chat: ChatProvider,
    private readonly settings: OidcConfig,
    private readonly clock: Clock,
  ) {}

  async resolve(who: VerifiedIdentity): Promise<Resolution> {
    const now = iso(this.clock());
    const admin = adminByGroups(who.claims, this.settings);
    const known = await this.store.identities.get(who.issuer, who.subject);
    if (known) {
      const account = await this.store.accounts.get(known.user_id);
      if (!account) return { kind: "unusable", why: `the account of ${who.subject} is gone` };
      await this.store.identities.touch(who.issuer, who.subject, now);
      return { kind: "account", account, admin };
    }
    const profile = profileFrom(who.claims, this.settings.claims);
    if (!profile.username) return { kind: "unusable", why: "the provider gave no usable username claim" };
    const local = await this.store.accounts.get(profile.username);
    if (local && !(await this.store.identities.hasAccount(local.id)))
      return { kind: "link", username: local.id, admin };
    for (let n = local ? 2 : 1; n <= MAX_ALTERNATIVES; n++) {
      const username = n === 1 ? profile.username : alternative(profile.username, n);
      const account = await this.create(who, username, profile, now);
      if (account) return { kind: "account", account, admin };
    }
    return { kind: "unusable", why: `no free username like ${profile.username}` };
  }

  /** Links the identity to the account of a pending link, once its holder signed in; false when linked already. */
  link(issuer: string, subject: string, userId: string): Promise<boolean> {
    const now = iso(this.clock());
    return this.store.identities.insert({
      issuer,
      subject,
      user_id: userId,
      created_at: now,
      last_login_at: now,
    });
  }

  /**
   * With OIDC_ADMIN_GROUP set the provider decides who is an admin: in the group → admin; an
   * admin no longer in it → user. Moderators outside the group, and the break-glass admin, stay.
   */
  async syncRole(userId: string, admin: boolean | null): Promise<void> {
    if (admin === null || userId === this.settings.breakGlassAdmin) return;
    const user = await this.store.users.get(userId);
    const role = admin ? "admin" : user?.role === "admin" ? "user" : undefined;
    if (!user || !role || role === user.role) return;
    await this.store.transaction(async (tx) => {
      await tx.users.setRole(userId, role);
      tx.emit({ kind: "role", userId, role });
    });
  }

  /** Undefined when the username was taken meanwhile. */
  private async create(
    who: VerifiedIdentity,
    username: string,
    profile: { displayName: string; picture: string },
    now: string,
  ): Promise<AccountRow | undefined> {
    if (await this.store.accounts.get(username)) return undefined;
    // A password nobody knows, hashed like any other: a password sign-in costs the same work.
    const password_hash = await hashPassword(randomBytes(32).toString("base64url"));
    const row: AccountRow = {
      id: username,
      display_name: profile.displayName || username,
      profile_picture: profile.picture,
      password_hash,
      created_at: now,
      deactivated_at: null,
    };
    let first = false;
    try {
      await this.store.transaction(async (tx) => {
        first = (await tx.accounts.count()) === 0;
        await tx.accounts.insert(row);
        const linked = await tx.identities.insert({
          issuer: who.issuer,
          subject: who.subject,
          user_id: username,
          created_at: now,
          last_login_at: now,
        });
        // Another sign-in of the same identity made its account first: this one is not kept.
        if (!linked) throw new Error(`identity ${who.subject} was linked meanwhile`);
      });
    } catch (err) {
      if (await this.store.accounts.get(username)) return undefined;
      throw err;
    }
    await this.chat.upsertUser({
      id: username,
      name: row.display_name,
      image: row.profile_picture,
      role: first ? "admin" : "user",
    });
    return row;
  }
}
