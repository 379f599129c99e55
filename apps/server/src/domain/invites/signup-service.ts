import {
  type AccountUser,
  type AdminCreateUserBody,
  type AuthResponse,
  ErrorCode,
  type SignupBody,
  type SignupMode,
} from "@parley/protocol";
import type { Store, UnitOfWork } from "../../store/store.js";
import type { SessionMeta } from "../accounts/accounts-service.js";
import { checkNewPassword } from "../accounts/common-passwords.js";
import { hashPassword } from "../accounts/passwords.js";
import type { ChannelTypes } from "../channels/channel-types.js";
import { type Clock, iso } from "../clock.js";
import { DomainError } from "../errors.js";
import type { SessionGate, SettingsService } from "../settings/settings-service.js";
import type { InvitesService } from "./invites-service.js";
import { joinChannels } from "./join-channels.js";

/** The session the new account signs in with: the lead's AccountsService issues it. */
export interface SessionIssuer extends SessionGate {
  issueSession(accountId: string, meta: SessionMeta): Promise<AuthResponse>;
}

interface NewAccount {
  id: string;
  displayName: string;
  picture: string;
  password: string;
}

/**
 * Creating accounts under the sign-up mode (docs/api.md "Sign-up modes and invites"): `open`,
 * `invite` (a valid invite is required), `closed` (only admins create accounts). The install's
 * first account is its admin and needs no invite in any mode. An invite's use, the account, its
 * chat user and the channels it joins are one unit of work.
 */
export class SignupService {
  constructor(
    private readonly store: Store,
    private readonly sessions: SessionIssuer,
    private readonly settings: SettingsService,
    private readonly invites: InvitesService,
    private readonly types: ChannelTypes,
    private readonly clock: Clock,
    /** SSO-only mode refuses password sign-ups (but the first account's and the break-glass admin's). */
    private readonly passwordGate?: { checkSignup(body: { username: string }): Promise<void> },
  ) {}

  async signup(body: SignupBody, meta: SessionMeta): Promise<AuthResponse> {
    await this.passwordGate?.checkSignup(body);
    const { signupMode } = await this.settings.current();
    // Refused before the slow password hash; checked again inside the unit of work.
    if ((await this.store.accounts.count()) > 0) admissible(signupMode, body.invite);
    checkNewPassword(body.password, body.username);
    const account = {
      id: body.username,
      displayName: body.displayName,
      picture: body.profilePicture ?? "",
      password: body.password,
    };
    await this.#create(account, async (tx, first) => {
      if (first) return;
      admissible(signupMode, body.invite);
      if (body.invite === undefined) return;
      const invite = await this.invites.use(tx, body.invite);
      return (now) => joinChannels(tx, this.types, invite.channels, account.id, now);
    });
    return this.sessions.issueSession(account.id, meta);
  }

  /** An admin creates an account with an initial password, in any mode. */
  async createByAdmin(token: string | undefined, body: AdminCreateUserBody): Promise<{ user: AccountUser }> {
    await this.sessions.requireAdmin(token);
    checkNewPassword(body.password, body.username);
    await this.#create(
      { id: body.username, displayName: body.displayName, picture: "", password: body.password },
      async () => undefined,
    );
    return { user: { id: body.username, displayName: body.displayName, profilePicture: "" } };
  }

  /**
   * The account and its chat user in one unit of work; `admit` runs first inside it, told
   * whether this is the install's first account, and may answer what to do once the user exists.
   */
  async #create(
    a: NewAccount,
    admit: (tx: UnitOfWork, first: boolean) => Promise<((now: string) => Promise<void>) | undefined>,
  ): Promise<void> {
    const passwordHash = await hashPassword(a.password);
    const now = iso(this.clock());
    try {
      await this.store.transaction(async (tx) => {
        const first = (await tx.accounts.count()) === 0;
        if (await tx.accounts.get(a.id)) throw taken();
        const after = await admit(tx, first);
        await tx.accounts.insert({
          id: a.id,
          display_name: a.displayName,
          profile_picture: a.picture,
          password_hash: passwordHash,
          created_at: now,
          deactivated_at: null,
        });
        const existing = await tx.users.get(a.id);
        await tx.users.upsert({
          id: a.id,
          name: a.displayName,
          image: a.picture,
          role: existing?.role ?? (first ? "admin" : "user"),
          created_at: now,
          updated_at: now,
        });
        await after?.(now);
      });
    } catch (err) {
      // Two sign-ups racing for one username: the loser's insert fails on the key.
      if (!(err instanceof DomainError) && (await this.store.accounts.get(a.id))) throw taken();
      throw err;
    }
  }
}

/** Whether the mode lets a sign-up (holding `invite` or not) in; the first account is exempt. */
function admissible(mode: SignupMode, invite: string | undefined): void {
  if (mode === "closed")
    throw new DomainError(ErrorCode.signupClosed, "sign-up is closed here; an admin creates accounts");
  if (mode === "invite" && invite === undefined)
    throw new DomainError(ErrorCode.inviteRequired, "sign-up needs an invite here; ask someone for a link");
}

function taken() {
  return new DomainError(ErrorCode.usernameTaken, "that username is taken", {
    username: "that username is taken",
  });
}
