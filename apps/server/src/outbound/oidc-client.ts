import * as oidc from "openid-client";
import type { OidcConfig } from "../config-oidc.js";
import {
  type AttemptChecks,
  type IdentityProvider,
  SsoFailure,
  type VerifiedIdentity,
} from "../domain/oidc/identity-provider.js";
import { guardedFetch } from "./guarded-fetch.js";
import { OutboundError, type OutboundGuard } from "./outbound-guard.js";

const LIMITS = { maxBytes: 1024 * 1024, timeoutMs: 10_000 };
/** After a failed discovery, the next sign-in tries again once this has passed. */
const RETRY_DISCOVERY_MS = 5_000;

/**
 * The OpenID provider through openid-client (authorization code + PKCE), discovered on first use
 * and kept; discovery, JWKS, token and userinfo requests all go through the outbound guard.
 */
export class OidcClient implements IdentityProvider {
  #config: Promise<oidc.Configuration> | undefined;
  #failedAt = 0;
  readonly #fetch: oidc.CustomFetch;

  constructor(
    private readonly settings: OidcConfig,
    guard: OutboundGuard,
  ) {
    this.#fetch = guardedFetch(guard, LIMITS) as oidc.CustomFetch;
  }

  async authorizationUrl(checks: AttemptChecks): Promise<string> {
    const config = await this.#discovered();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.settings.redirectUri,
      scope: this.settings.scopes,
      state: checks.state,
      nonce: checks.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
      code_challenge_method: "S256",
    });
    return url.href;
  }

  async complete(callbackUrl: URL, checks: AttemptChecks): Promise<VerifiedIdentity> {
    const config = await this.#discovered();
    try {
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        pkceCodeVerifier: checks.codeVerifier,
        idTokenExpected: true,
      });
      const idToken = tokens.claims();
      if (!idToken) throw new SsoFailure("rejected", "the token endpoint answered no id token");
      let claims: Record<string, unknown> = { ...idToken };
      if (config.serverMetadata().userinfo_endpoint && tokens.access_token) {
        // Checked against the id token's subject; what the id token says wins over userinfo.
        const info = await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub);
        claims = { ...info, ...idToken };
      }
      return { issuer: idToken.iss, subject: idToken.sub, claims };
    } catch (err) {
      throw failureOf(err);
    }
  }

  #discovered(): Promise<oidc.Configuration> {
    if (this.#config && !(this.#failedAt && Date.now() - this.#failedAt > RETRY_DISCOVERY_MS))
      return this.#config;
    this.#failedAt = 0;
    const { issuer, clientId, clientSecret } = this.settings;
    const auth = clientSecret ? oidc.ClientSecretBasic(clientSecret) : oidc.None();
    const found = oidc
      .discovery(new URL(issuer), clientId, { redirect_uris: [this.settings.redirectUri] }, auth, {
        [oidc.customFetch]: this.#fetch,
        ...(this.settings.allowHttp ? { execute: [oidc.allowInsecureRequests] } : {}),
      })
      .then((config) => {
        // openid-client trusts an id token from the token endpoint on TLS alone unless told
        // otherwise; Parley checks its signature against the provider's JWKS too.
        oidc.enableNonRepudiationChecks(config);
        return config;
      })
      .catch((err: unknown) => {
        this.#failedAt = Date.now();
        throw new SsoFailure("provider", `discovery of ${issuer} failed: ${messageOf(err)}`, { cause: err });
      });
    this.#config = found;
    return found;
  }
}

/** Sorts what openid-client threw into why the sign-in failed. */
function failureOf(err: unknown): SsoFailure {
  if (err instanceof SsoFailure) return err;
  if (err instanceof oidc.AuthorizationResponseError) {
    const denied = err.error === "access_denied" || err.error === "login_required";
    return new SsoFailure(denied ? "denied" : "provider", `the provider answered ${err.error}`, {
      cause: err,
    });
  }
  if (err instanceof oidc.ResponseBodyError)
    return new SsoFailure("provider", `the provider answered ${err.error}`, { cause: err });
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    if (e instanceof OutboundError) return new SsoFailure("provider", e.message, { cause: err });
  }
  const code = (err as { code?: string }).code;
  if (code === "OAUTH_RESPONSE_IS_NOT_CONFORM" || code === "OAUTH_RESPONSE_IS_NOT_JSON")
    return new SsoFailure("provider", messageOf(err), { cause: err });
  return new SsoFailure("rejected", messageOf(err), { cause: err });
}

function messageOf(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = err.cause instanceof Error ? `: ${err.cause.message}` : "";
  return `${err.message}${cause}`;
}
