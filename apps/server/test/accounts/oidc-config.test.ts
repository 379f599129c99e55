/** The OIDC_* variables: validated at start, each problem naming its variable. */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.js";

const base = { DATA_DIR: "/tmp/parley-oidc-config", PORT: "3000" };
const sso = { OIDC_ISSUER: "https://id.example.com/realms/acme", OIDC_CLIENT_ID: "parley" };

describe("single sign-on configuration", () => {
  it("is off without OIDC_ISSUER", () => {
    expect(loadConfig(base).oidc).toBeUndefined();
  });

  it("has defaults for everything but the issuer and the client", () => {
    expect(loadConfig({ ...base, ...sso, PUBLIC_URL: "https://chat.example.com" }).oidc).toEqual({
      issuer: sso.OIDC_ISSUER,
      clientId: "parley",
      clientSecret: undefined,
      name: "SSO",
      scopes: "openid profile email",
      claims: { username: "preferred_username", displayName: "name", picture: "picture", groups: "groups" },
      adminGroup: undefined,
      ssoOnly: false,
      breakGlassAdmin: undefined,
      redirectUri: "https://chat.example.com/api/oidc/callback",
      allowHttp: false,
    });
  });

  it.each([
    [{ OIDC_CLIENT_ID: "parley" }, /OIDC_ISSUER: is required when OIDC_CLIENT_ID is set/],
    [{ OIDC_SSO_ONLY: "true" }, /OIDC_ISSUER: is required when OIDC_SSO_ONLY is set/],
    [{ OIDC_ISSUER: sso.OIDC_ISSUER }, /OIDC_CLIENT_ID: is required/],
    [{ ...sso, OIDC_ISSUER: "http://id.example.com" }, /OIDC_ISSUER: must be an https:\/\/ URL/],
    [{ ...sso, OIDC_ISSUER: "id.example.com" }, /OIDC_ISSUER: must be the provider's issuer URL/],
    [
      { ...sso, OIDC_SCOPES: "profile email" },
      /OIDC_SCOPES: must be space-separated scopes including openid/,
    ],
    [{ ...sso, OIDC_BREAK_GLASS_ADMIN: "Not A Username" }, /OIDC_BREAK_GLASS_ADMIN: must be a username/],
    [{ ...sso, OIDC_SSO_ONLY: "yes" }, /OIDC_SSO_ONLY/],
  ])("refuses %o", (env, message) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(message);
  });

  it("takes a plain-http issuer only for tests, with OUTBOUND_ALLOW_LOOPBACK", () => {
    const oidc = loadConfig({
      ...base,
      ...sso,
      OIDC_ISSUER: "http://127.0.0.1:9",
      OUTBOUND_ALLOW_LOOPBACK: "true",
    }).oidc;
    expect(oidc?.allowHttp).toBe(true);
  });
});
