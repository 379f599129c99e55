import type { FuzzEndpoint } from "./rest-harness.js";

/** Single sign-on's bodies; `session` is an account's product session token. */
export function oidcEndpoints(session: () => string): FuzzEndpoint[] {
  return [
    {
      name: "exchange a single-sign-on code",
      schema: "ssoBodySchema",
      method: "POST",
      path: () => "/api/auth",
      base: { action: "sso", code: "c".repeat(43) },
      token: () => null,
    },
    {
      name: "link an SSO identity",
      schema: "oidcLinkBodySchema",
      method: "POST",
      path: () => "/api/oidc/link",
      base: { code: "c".repeat(43) },
      token: session,
    },
  ];
}
