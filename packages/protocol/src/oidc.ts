import { z } from "zod";

/**
 * Single sign-on with OpenID Connect (docs/api.md "Single sign-on"): the browser is sent to the
 * identity provider by `GET /api/oidc/start`, comes back to `GET /api/oidc/callback`, and lands on
 * the web app's `/sso` page with a one-time code in the URL's fragment (never sent to a server,
 * so never logged), which the page exchanges with `POST /api/auth { action: "sso", code }`.
 */

/** Why a single sign-on failed: `/signin?sso_error=<code>`; the sign-in page explains each. */
export const SSO_ERRORS = [
  /** SSO is not configured on this server. */
  "not_configured",
  /** The sign-in attempt is unknown, expired, used, or was started in another browser. */
  "state",
  /** The person cancelled at the provider, or the provider refused them. */
  "denied",
  /** The provider's answer failed a check (state, PKCE, the id token's issuer, audience, expiry, signature, nonce). */
  "rejected",
  /** The provider could not be reached, or answered with an error. */
  "provider",
  /** The provider gave no usable username, or the account could not be made. */
  "account",
  /** The account is deactivated. */
  "deactivated",
  /** The account is banned. */
  "banned",
  /** The server could not finish (its database is unavailable); try again. */
  "unavailable",
] as const;
export type SsoError = (typeof SSO_ERRORS)[number];

/** Seconds the one-time code of `/sso#code=…` may be exchanged in. */
export const SSO_CODE_TTL_SECONDS = 60;
/** Minutes a started sign-in, or a pending link, stays valid. */
export const SSO_PENDING_TTL_MINUTES = 10;

const oneTimeCode = z.string({ error: "code is required" }).min(1, "code is required").max(256);

/** `POST /api/auth` with the one-time code of `/sso#code=…`: answers a session like sign-in. */
export const ssoBodySchema = z.object({ action: z.literal("sso"), code: oneTimeCode }).strict();
export type SsoBody = z.infer<typeof ssoBodySchema>;

/** `GET /api/oidc/start`: where to go once signed in (a path of the web app; others are ignored). */
export const oidcStartQuerySchema = z.object({ next: z.string().max(2048).optional() }).strict();

/** `GET /api/oidc/callback`: the provider's authorization response (RFC 6749 §4.1.2, RFC 9207). */
export const oidcCallbackQuerySchema = z.looseObject({
  code: z.string().max(4096).optional(),
  state: z.string().max(1024).optional(),
  iss: z.string().max(2048).optional(),
  error: z.string().max(1024).optional(),
  error_description: z.string().max(4096).optional(),
});

/** `POST /api/oidc/link`: the link code of `/signin#sso_link=…`, once signed in to the local account. */
export const oidcLinkBodySchema = z.object({ code: oneTimeCode }).strict();

export const oidcLinkAnswerSchema = z.object({
  /** The provider's name (`OIDC_NAME`) the account is now linked with. */
  provider: z.string(),
});

/** What `GET /api/config` says of sign-in: the SSO button's label, and whether passwords work. */
export const ssoConfigSchema = z.object({ name: z.string() }).nullable();
