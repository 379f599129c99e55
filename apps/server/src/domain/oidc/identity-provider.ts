/**
 * The port through which the SSO service talks to the OpenID provider; outbound/oidc-client.ts
 * implements it with openid-client, every request through the outbound guard.
 */

/** The secrets of one sign-in attempt, kept by the server between start and callback. */
export interface AttemptChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** Who the provider says signed in: the id token's `iss` and `sub`, and its claims with userinfo's. */
export interface VerifiedIdentity {
  issuer: string;
  subject: string;
  claims: Record<string, unknown>;
}

export interface IdentityProvider {
  /** The provider's authorization URL for this attempt (code flow, PKCE S256). */
  authorizationUrl(checks: AttemptChecks): Promise<string>;
  /**
   * Checks the authorization response (`callbackUrl`: the redirect URI with the provider's query)
   * against the attempt — state, the code at the token endpoint with the PKCE verifier, and the id
   * token's issuer, audience, expiry, signature and nonce — and answers who signed in.
   */
  complete(callbackUrl: URL, checks: AttemptChecks): Promise<VerifiedIdentity>;
}

/** Why the provider's part failed: `denied` (the person or provider said no), `rejected` (a check failed), `provider` (unreachable or an error answer). */
export class SsoFailure extends Error {
  override readonly name = "SsoFailure";
  constructor(
    readonly reason: "denied" | "rejected" | "provider",
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
