import {
  oidcCallbackQuerySchema,
  oidcLinkAnswerSchema,
  oidcLinkBodySchema,
  oidcStartQuerySchema,
} from "../oidc.js";
import type { ApiRoute } from "./route.js";

const tag = "accounts";

/**
 * Single sign-on with OpenID Connect (docs/api.md "Single sign-on"). The first two are pages a
 * browser is sent to, not calls: every outcome is a 302, failures to `/signin?sso_error=<code>`.
 */
export const oidcRoutes = {
  oidcStart: {
    tag,
    method: "GET",
    path: "/api/oidc/start",
    auth: "none",
    summary: "Start single sign-on: a 302 to the identity provider (authorization code + PKCE)",
    description:
      "Stores the attempt's state, nonce and PKCE verifier (any node can finish it) and binds it to the browser with an HttpOnly cookie. Without SSO configured: a 302 to `/signin?sso_error=not_configured`.",
    query: oidcStartQuerySchema,
    answers: { 302: null },
    errors: [],
  },
  oidcCallback: {
    tag,
    method: "GET",
    path: "/api/oidc/callback",
    auth: "none",
    summary: "Where the identity provider sends the browser back: a 302 into the web app",
    description:
      "Checks state, PKCE and the id token (issuer, audience, expiry, signature, nonce), then finds, creates or asks to link the account. Signed in: `/sso?next=…#code=<one-time code>`; a local account with that username: `/signin?next=…#sso_link=<code>`; a failure: `/signin?sso_error=<code>`.",
    query: oidcCallbackQuerySchema,
    answers: { 302: null },
    errors: [],
  },
  oidcLink: {
    tag,
    method: "POST",
    path: "/api/oidc/link",
    auth: "session",
    summary: "Link the signed-in account with the SSO identity of `/signin#sso_link=<code>`",
    description:
      "The link code names the username the provider gave; it links only the account of that username, once, within 10 minutes.",
    body: oidcLinkBodySchema,
    answers: { 200: oidcLinkAnswerSchema },
    errors: ["bad_request", "not_found", "sso_link_invalid", "conflict"],
  },
} as const satisfies Record<string, ApiRoute>;
