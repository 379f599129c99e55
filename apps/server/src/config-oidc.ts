import { USERNAME_PATTERN } from "@parley/protocol";
import { z } from "zod";

/** Single sign-on with OpenID Connect (README "Configuration", docs/operations.md "Single sign-on"). */
export interface OidcConfig {
  /** The provider's issuer URL; its discovery document is read from `/.well-known/openid-configuration`. */
  issuer: string;
  clientId: string;
  /** Unset: a public client (PKCE only, no client authentication at the token endpoint). */
  clientSecret: string | undefined;
  /** The provider's name on the "Sign in with …" button. */
  name: string;
  scopes: string;
  claims: { username: string; displayName: string; picture: string; groups: string };
  /** Members of this group (in the groups claim) are admins; unset: SSO never changes roles. */
  adminGroup: string | undefined;
  /** Local passwords are refused, except for `breakGlassAdmin`. */
  ssoOnly: boolean;
  breakGlassAdmin: string | undefined;
  /** The one redirect URI registered with the provider: `PUBLIC_URL/api/oidc/callback`. */
  redirectUri: string;
  /** Plain-http issuers are accepted only with OUTBOUND_ALLOW_LOOPBACK (tests). */
  allowHttp: boolean;
}

const flag = z
  .enum(["true", "false", "1", "0"])
  .default("false")
  .transform((v) => v === "true" || v === "1");
const claim = z.string().regex(/^\S{1,256}$/, "must be a claim name without spaces");

export const oidcEnv = {
  OIDC_ISSUER: z
    .string()
    .regex(
      /^https?:\/\/[^\s?#]+$/,
      "must be the provider's issuer URL, like https://id.example.com/realms/acme",
    )
    .optional(),
  OIDC_CLIENT_ID: z.string().min(1).max(512).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).max(1024).optional(),
  OIDC_NAME: z.string().trim().min(1).max(40, "must be at most 40 characters").optional(),
  OIDC_SCOPES: z
    .string()
    .regex(/(^|\s)openid(\s|$)/, "must be space-separated scopes including openid")
    .optional(),
  OIDC_USERNAME_CLAIM: claim.optional(),
  OIDC_DISPLAY_NAME_CLAIM: claim.optional(),
  OIDC_PICTURE_CLAIM: claim.optional(),
  OIDC_GROUPS_CLAIM: claim.optional(),
  OIDC_ADMIN_GROUP: z.string().min(1).max(256).optional(),
  OIDC_SSO_ONLY: flag,
  OIDC_BREAK_GLASS_ADMIN: z
    .string()
    .regex(USERNAME_PATTERN, "must be a username (3-32 characters of a-z, 0-9, _ and -)")
    .optional(),
};

type OidcEnv = z.output<z.ZodObject<typeof oidcEnv>>;

/** The OIDC settings, or undefined when SSO is off; the problems name their variables. */
export function oidcConfigOf(
  e: OidcEnv,
  publicUrl: string,
  allowHttp: boolean,
): { oidc: OidcConfig | undefined; problems: string[] } {
  const problems: string[] = [];
  const { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: clientId } = e;
  if (!issuer) {
    const set = Object.keys(oidcEnv).filter(
      (k) => k !== "OIDC_SSO_ONLY" && e[k as keyof OidcEnv] !== undefined,
    );
    if (set.length > 0 || e.OIDC_SSO_ONLY)
      problems.push(`OIDC_ISSUER: is required when ${set[0] ?? "OIDC_SSO_ONLY"} is set`);
    return { oidc: undefined, problems };
  }
  if (!clientId) problems.push("OIDC_CLIENT_ID: is required when OIDC_ISSUER is set");
  if (issuer.startsWith("http:") && !allowHttp)
    problems.push(
      "OIDC_ISSUER: must be an https:// URL (plain http only with OUTBOUND_ALLOW_LOOPBACK, for tests)",
    );
  if (problems.length > 0) return { oidc: undefined, problems };
  return {
    oidc: {
      issuer,
      clientId: clientId!,
      clientSecret: e.OIDC_CLIENT_SECRET,
      name: e.OIDC_NAME ?? "SSO",
      scopes: e.OIDC_SCOPES ?? "openid profile email",
      claims: {
        username: e.OIDC_USERNAME_CLAIM ?? "preferred_username",
        displayName: e.OIDC_DISPLAY_NAME_CLAIM ?? "name",
        picture: e.OIDC_PICTURE_CLAIM ?? "picture",
        groups: e.OIDC_GROUPS_CLAIM ?? "groups",
      },
      adminGroup: e.OIDC_ADMIN_GROUP,
      ssoOnly: e.OIDC_SSO_ONLY,
      breakGlassAdmin: e.OIDC_BREAK_GLASS_ADMIN,
      redirectUri: `${publicUrl}/api/oidc/callback`,
      allowHttp,
    },
    problems,
  };
}
