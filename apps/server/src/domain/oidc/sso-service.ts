import {
  type AuthResponse,
  ErrorCode,
  type SigninBody,
  SSO_PENDING_TTL_MINUTES,
  type SsoError,
} from "@parley/protocol";
import type { OidcConfig } from "../../config-oidc.js";
import type { Store } from "../../store/store.js";
import type { AccountsService, PasswordGate, SessionMeta } from "../accounts/accounts-service.js";
import { newSessionToken } from "../accounts/session-tokens.js";
import type { Clock } from "../clock.js";
import { DomainError } from "../errors.js";
import { type IdentityProvider, SsoFailure } from "./identity-provider.js";
import type { SsoAccounts } from "./sso-accounts.js";
import { SsoTickets } from "./sso-tickets.js";

/** Where the browser goes next, and — for a failure — what the logs should say about it. */
export interface SsoRedirect {
  location: string;
  failure?: { code: SsoError; detail: string };
}

const DEFAULT_NEXT = "/chats";

/**
 * Single sign-on (docs/api.md "Single sign-on"): starts the code flow, finishes it on any node,
 * signs the account in through the accounts service (its `admit` checks, its sessions), and in
 * SSO-only mode refuses local passwords but the break-glass admin's. SSO sign-ins skip the local
 * second factor: the provider authenticates the person (docs/operations.md).
 */
export class SsoService implements PasswordGate {
  readonly #tickets: SsoTickets;

  constructor(
    private readonly store: Store,
    private readonly accounts: AccountsService,
    private readonly sso: SsoAccounts,
    private readonly provider: IdentityProvider,
    private readonly settings: OidcConfig,
    private readonly clock: Clock,
  ) {
    this.#tickets = new SsoTickets(store);
  }

  /** The provider's name on the "Sign in with …" button. */
  get name(): string {
    return this.settings.name;
  }

  /** Whether local passwords are off (but the break-glass admin's). */
  get ssoOnly(): boolean {
    return this.settings.ssoOnly;
  }

  /** The provider's authorization URL, and the secret of the cookie that binds the attempt to this browser. */
  async start(next: string | undefined): Promise<{ location: string; binder: string }> {
    // 256 bits each; the verifier's 43 base64url characters are what RFC 7636 asks for.
    const random = () => newSessionToken().token;
    const checks = { state: random(), nonce: random(), codeVerifier: random() };
    const location = await this.provider.authorizationUrl(checks);
    const binder = random();
    const ticket = {
      state: checks.state,
      nonce: checks.nonce,
      code_verifier: checks.codeVerifier,
      next: localPath(next),
    };
    await this.#tickets.put("login", ticket, this.clock(), binder);
    return { location, binder };
  }

  /** The provider sent the browser back with `query`: check it all, then where the browser goes. */
  async callback(query: URLSearchParams, binder: string | undefined): Promise<SsoRedirect> {
    const login = binder ? await this.#tickets.take("login", binder, this.clock()) : undefined;
    if (!login)
      return fail("state", "no sign-in attempt for this browser (its cookie is missing, used or expired)");
    const callbackUrl = new URL(`${this.settings.redirectUri}?${query}`);
    let who: Awaited<ReturnType<IdentityProvider["complete"]>>;
    try {
      who = await this.provider.complete(callbackUrl, {
        state: login.state,
        nonce: login.nonce,
        codeVerifier: login.code_verifier,
      });
    } catch (err) {
      if (err instanceof SsoFailure) return fail(err.reason, err.message, login.next);
      throw err;
    }
    const found = await this.sso.resolve(who);
    if (found.kind === "unusable") return fail("account", found.why, login.next);
    if (found.kind === "link") {
      const code = await this.#tickets.put(
        "link",
        { issuer: who.issuer, subject: who.subject, username: found.username, admin: found.admin },
        this.clock(),
      );
      return { location: `/signin?${new URLSearchParams({ next: login.next })}#sso_link=${code}` };
    }
    try {
      await this.accounts.admit(found.account);
    } catch (err) {
      if (err instanceof DomainError && err.code === ErrorCode.deactivated)
        return fail("deactivated", err.message, login.next);
      if (err instanceof DomainError && err.code === ErrorCode.banned)
        return fail("banned", err.message, login.next);
      throw err;
    }
    await this.sso.syncRole(found.account.id, found.admin);
    const code = await this.#tickets.put("code", { account_id: found.account.id }, this.clock());
    return { location: `/sso?${new URLSearchParams({ next: login.next })}#code=${code}` };
  }

  /** `POST /api/auth { action: "sso", code }`: the one-time code of `/sso` for a session, once. */
  async exchange(code: string, meta: SessionMeta): Promise<AuthResponse> {
    const ticket = await this.#tickets.take("code", code, this.clock());
    const invalid = () =>
      new DomainError(ErrorCode.ssoCodeInvalid, "the sign-in code is unknown, used or expired");
    if (!ticket) throw invalid();
    const account = await this.store.accounts.get(ticket.account_id);
    if (!account) throw invalid();
    await this.accounts.admit(account);
    return this.accounts.issueSession(account.id, meta);
  }

  /** `POST /api/oidc/link`: the signed-in account takes the identity its pending link holds. */
  async link(token: string | undefined, code: string): Promise<{ provider: string }> {
    const { account } = await this.accounts.sessionOf(token);
    // Checked before it is used up: another account's attempt leaves the link to its owner.
    const pending = await this.#tickets.peek("link", code, this.clock());
    const ticket =
      pending?.username === account.id ? await this.#tickets.take("link", code, this.clock()) : undefined;
    if (!ticket)
      throw new DomainError(
        ErrorCode.ssoLinkInvalid,
        `the link is unknown, used, older than ${SSO_PENDING_TTL_MINUTES} minutes, or for another account`,
      );
    if (!(await this.sso.link(ticket.issuer, ticket.subject, account.id)))
      throw new DomainError(ErrorCode.conflict, "that identity is linked to an account already");
    await this.sso.syncRole(account.id, ticket.admin);
    return { provider: this.settings.name };
  }

  /** Sign-up with a password in SSO-only mode: only the first account of a fresh install, or the break-glass admin. */
  async checkSignup(body: { username: string }): Promise<void> {
    if (!this.settings.ssoOnly || body.username === this.settings.breakGlassAdmin) return;
    if ((await this.store.accounts.count()) === 0) return;
    throw this.ssoOnlyError();
  }

  /**
   * The password path of sign-in in SSO-only mode: refused before any password is checked, alike
   * for every username (real or not), but the break-glass admin's and a sign-in that links.
   */
  async check(body: SigninBody): Promise<void> {
    if (!this.settings.ssoOnly || body.username === this.settings.breakGlassAdmin) return;
    const link = body.sso_link ? await this.#tickets.peek("link", body.sso_link, this.clock()) : undefined;
    if (link && link.username === body.username) return;
    throw this.ssoOnlyError();
  }

  private ssoOnlyError() {
    const { name } = this.settings;
    return new DomainError(
      ErrorCode.ssoOnly,
      `this server signs in with ${name} only: use "Sign in with ${name}"`,
    );
  }
}

function fail(code: SsoError, detail: string, next = DEFAULT_NEXT): SsoRedirect {
  const q = new URLSearchParams({ sso_error: code });
  if (next !== DEFAULT_NEXT) q.set("next", next);
  return { location: `/signin?${q}`, failure: { code, detail } };
}

/** `next` when it is a path of this site (not `//host`, no backslash), otherwise the chat list. */
export function localPath(next: string | undefined): string {
  if (!next || !/^\/(?![/\\])[^\s\\]*$/.test(next)) return DEFAULT_NEXT;
  return next;
}
