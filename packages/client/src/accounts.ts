/**
 * The product API (docs/api.md "Accounts"): sign-up and sign-in, which mint the `streamToken` a
 * ChatClient connects with and the product session `token`; sign-out, which revokes both; the
 * account's profile; and the public configuration (the api key). The same typed calls of the
 * route table as the chat service's (api-call.ts).
 */
import {
  type AuthResponse,
  isSessionAnswer,
  type ProfileBody,
  type Signin2faBody,
  type SigninAnswer,
  type SigninBody,
  type SignupBody,
  type TwoFactorSigninResponse,
} from "@parley/protocol";
import { ApiCaller, type CallOptions } from "./api-call.js";
import type { CallAnswer, CallArgs, CallBody } from "./api-types.js";
import { ChatAnswerError } from "./errors.js";
import type { FetchLike } from "./types.js";

export interface AccountsOptions {
  /** Server origin, e.g. `http://localhost:3000`; `""` in a page the server serves (relative URLs). */
  baseURL: string;
  fetch?: FetchLike | undefined;
  timeout?: number | undefined;
  /** Check answers against the route table (default: on, but in production builds). */
  validateAnswers?: boolean | undefined;
  /** The product session token (`token` of the sign-in answer), for the calls that take it (profile). */
  sessionToken?: (() => string | null | undefined) | undefined;
}

export class ParleyAccounts {
  readonly #caller: ApiCaller;

  constructor({ sessionToken, ...options }: AccountsOptions) {
    this.#caller = new ApiCaller({
      ...options,
      credentials: (auth) => {
        const token = auth === "session" ? sessionToken?.() : undefined;
        return token ? { headers: { Authorization: `Bearer ${token}` } } : {};
      },
    });
  }

  /** Creates an account and signs it in. */
  async signUp(account: Omit<SignupBody, "action">, options?: CallOptions): Promise<AuthResponse> {
    const answer = await this.#authenticate({ action: "signup", ...account }, options);
    if (!isSessionAnswer(answer)) throw new ChatAnswerError("auth", 201, ["sign-up answered no session"]);
    return answer;
  }

  /**
   * A session, or — for an account with two-factor sign-in (or one that must enrol) — an
   * intermediate answer whose `challenge` goes to `signInSecondStep` (docs/api.md "Two-factor sign-in").
   */
  signIn(credentials: Omit<SigninBody, "action">, options?: CallOptions): Promise<SigninAnswer> {
    return this.#authenticate({ action: "signin", ...credentials }, options);
  }

  /** The second step: the challenge with a code or a recovery code; the session once it passes. */
  async signInSecondStep(
    step: Omit<Signin2faBody, "action">,
    options?: CallOptions,
  ): Promise<TwoFactorSigninResponse> {
    const answer = await this.#authenticate({ action: "signin_2fa", ...step }, options);
    if (!isSessionAnswer(answer))
      throw new ChatAnswerError("auth", 200, ["the second step answered no session"]);
    return answer;
  }

  /** Two-factor enrolment during sign-in, with a `two_factor_enrollment_required` challenge. */
  startChallengeEnrolment(
    challenge: string,
    options?: CallOptions,
  ): Promise<CallAnswer<"startChallengeEnrolment">> {
    return this.#caller.call<"startChallengeEnrolment">(
      "startChallengeEnrolment",
      { body: { challenge } },
      options,
    );
  }

  /** The signed-in account's two-factor state (with `sessionToken`, as the calls below). */
  twoFactorStatus(options?: CallOptions): Promise<CallAnswer<"twoFactorStatus">> {
    return this.#caller.call<"twoFactorStatus">("twoFactorStatus", {}, options);
  }

  /** A new secret to enrol: as text, `otpauth://` URI and QR code (SVG). */
  startTwoFactor(options?: CallOptions): Promise<CallAnswer<"startTwoFactor">> {
    return this.#caller.call<"startTwoFactor">("startTwoFactor", {}, options);
  }

  /** Turns two-factor sign-in on with a code of the new secret; answers the recovery codes, once. */
  confirmTwoFactor(code: string, options?: CallOptions): Promise<CallAnswer<"confirmTwoFactor">> {
    return this.#caller.call<"confirmTwoFactor">("confirmTwoFactor", { body: { code } }, options);
  }

  disableTwoFactor(
    proof: { password?: string; code?: string },
    options?: CallOptions,
  ): Promise<CallAnswer<"disableTwoFactor">> {
    return this.#caller.call<"disableTwoFactor">("disableTwoFactor", { body: proof }, options);
  }

  regenerateRecoveryCodes(
    code: string,
    options?: CallOptions,
  ): Promise<CallAnswer<"regenerateRecoveryCodes">> {
    return this.#caller.call<"regenerateRecoveryCodes">(
      "regenerateRecoveryCodes",
      { body: { code } },
      options,
    );
  }

  /** Revokes the product session `token` and the chat tokens minted with it (their sockets close). */
  async signOut(token: string, options?: CallOptions): Promise<void> {
    await this.#caller.call("auth", { body: { action: "signout", token } }, options);
  }

  /** Changes the signed-in account's display name or picture (with `sessionToken`); the chat user follows. */
  updateProfile(profile: ProfileBody, options?: CallOptions): Promise<CallAnswer<"updateProfile">> {
    return this.#caller.call("updateProfile", { body: profile }, options);
  }

  /** The public configuration: the application key a ChatClient sends as `api_key`. */
  config(...args: CallArgs<"config", CallOptions>): Promise<CallAnswer<"config">> {
    return this.#caller.call("config", ...args);
  }

  /** Changes the signed-in account's password (with `sessionToken`); every other session is signed out. */
  async changePassword(body: CallBody<"changePassword">, options?: CallOptions): Promise<void> {
    await this.#caller.call<"changePassword">("changePassword", { body }, options);
  }

  /** Admins: a one-time link that sets `userId`'s password (valid 1 h); its URL is answered once. */
  createPasswordResetLink(
    userId: string,
    options?: CallOptions,
  ): Promise<CallAnswer<"createPasswordResetLink">> {
    return this.#caller.call<"createPasswordResetLink">(
      "createPasswordResetLink",
      { params: { id: userId } },
      options,
    );
  }

  /** Whether a reset link's token still works, and whose password it sets. */
  passwordResetStatus(token: string, options?: CallOptions): Promise<CallAnswer<"passwordResetStatus">> {
    return this.#caller.call<"passwordResetStatus">("passwordResetStatus", { body: { token } }, options);
  }

  /** Sets the password with a reset link's token; every session of the account is signed out. */
  async resetPassword(body: CallBody<"resetPassword">, options?: CallOptions): Promise<void> {
    await this.#caller.call<"resetPassword">("resetPassword", { body }, options);
  }

  /** Asks for a reset link by email; answers the same whether or not an account matches. */
  async requestPasswordReset(usernameOrEmail: string, options?: CallOptions): Promise<void> {
    await this.#caller.call<"requestPasswordReset">(
      "requestPasswordReset",
      { body: { username_or_email: usernameOrEmail } },
      options,
    );
  }

  /** Where a browser starts single sign-on (a page, not a call): the provider, then `next`. */
  ssoStartURL(next?: string): string {
    return this.#caller.url("oidcStart", next ? { query: { next } } : {});
  }

  /** The signed-in account's sessions (device, IP, last seen); `current` marks this one. */
  listSessions(options?: CallOptions): Promise<CallAnswer<"listSessions">> {
    return this.#caller.call("listSessions", {}, options);
  }

  /** Signs one session out (this one included); its sockets close. */
  async revokeSession(id: string, options?: CallOptions): Promise<void> {
    await this.#caller.call("revokeSession", { params: { id } }, options);
  }

  revokeOtherSessions(options?: CallOptions): Promise<CallAnswer<"revokeOtherSessions">> {
    return this.#caller.call("revokeOtherSessions", {}, options);
  }

  /** Admins: accounts by username, with role and deactivation. */
  adminListUsers(...args: CallArgs<"adminListUsers", CallOptions>): Promise<CallAnswer<"adminListUsers">> {
    return this.#caller.call("adminListUsers", ...args);
  }

  /** Admins: revokes every session of a user; their sockets close. */
  adminSignOutUser(userId: string, options?: CallOptions): Promise<CallAnswer<"adminSignOutUser">> {
    return this.#caller.call("adminSignOutUser", { params: { id: userId } }, options);
  }

  adminSetDeactivated(
    userId: string,
    deactivated: boolean,
    options?: CallOptions,
  ): Promise<CallAnswer<"adminDeactivateUser">> {
    const route = deactivated ? "adminDeactivateUser" : "adminReactivateUser";
    return this.#caller.call(route, { params: { id: userId } }, options);
  }

  /** Admins: the run-time settings (sign-up mode, members may invite, two-factor requirement). */
  appSettings(options?: CallOptions): Promise<CallAnswer<"getAppSettings">> {
    return this.#caller.call("getAppSettings", {}, options);
  }

  /** Admins: changes some run-time settings; every server node applies them at once. */
  updateAppSettings(
    patch: CallBody<"updateAppSettings">,
    options?: CallOptions,
  ): Promise<CallAnswer<"updateAppSettings">> {
    return this.#caller.call("updateAppSettings", { body: patch }, options);
  }

  /** Admins: creates an account with an initial password (how people join while sign-up is closed). */
  adminCreateUser(
    account: CallBody<"adminCreateUser">,
    options?: CallOptions,
  ): Promise<CallAnswer<"adminCreateUser">> {
    return this.#caller.call("adminCreateUser", { body: account }, options);
  }

  /** An invite link: its `url` and `token` are answered once (admins; members when allowed). */
  createInvite(invite: CallBody<"createInvite">, options?: CallOptions): Promise<CallAnswer<"createInvite">> {
    return this.#caller.call("createInvite", { body: invite }, options);
  }

  /** Every invite for an admin, one's own for a member; newest first. */
  listInvites(options?: CallOptions): Promise<CallAnswer<"listInvites">> {
    return this.#caller.call("listInvites", {}, options);
  }

  revokeInvite(id: string, options?: CallOptions): Promise<CallAnswer<"revokeInvite">> {
    return this.#caller.call("revokeInvite", { params: { id } }, options);
  }

  /** What an invite link offers (no session needed): who invited, the channels, the expiry. */
  previewInvite(token: string, options?: CallOptions): Promise<CallAnswer<"previewInvite">> {
    return this.#caller.call("previewInvite", { body: { token } }, options);
  }

  /** Single sign-on's last step: the one-time code of `/sso#code=…` for a session (docs/api.md "Single sign-on"). */
  async signInWithSso(code: string, options?: CallOptions): Promise<AuthResponse> {
    const answer = await this.#authenticate({ action: "sso", code }, options);
    if (!isSessionAnswer(answer))
      throw new ChatAnswerError("auth", 200, ["single sign-on answered no session"]);
    return answer;
  }

  /** Links the signed-in account (with `sessionToken`) with the SSO identity of `/signin#sso_link=…`. */
  linkSso(code: string, options?: CallOptions): Promise<CallAnswer<"oidcLink">> {
    return this.#caller.call<"oidcLink">("oidcLink", { body: { code } }, options);
  }

  async #authenticate(body: CallBody<"auth">, options?: CallOptions): Promise<SigninAnswer> {
    const answer = await this.#caller.call("auth", { body }, options);
    if (!answer) throw new ChatAnswerError("auth", 204, [`no account answers a ${body.action}`]);
    return answer;
  }
}
