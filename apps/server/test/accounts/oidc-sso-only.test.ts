/**
 * SSO-only mode: local passwords are refused — alike for real and unknown usernames — but the
 * break-glass admin's, and a sign-in that links the account with its SSO identity; sign-up with a
 * password is refused after the first account; the actor "SSO-only local sign-in attempt" gets in
 * nowhere but through the SSO button.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ssoOnlyAttemptRows } from "../authz/rows-oidc.js";
import { json, startTestServer, type TestServer, uniqueName } from "../helpers/test-server.js";
import {
  fragment,
  type Person,
  ssoEnv,
  startOidcProvider,
  TestBrowser,
  type TestProvider,
} from "./oidc-harness.js";

const BREAK_GLASS = "rescue";
const PASSWORD = "correct horse";

const people: Record<string, Person> = { "sub-sam": { preferred_username: "sam", name: "Sam" } };
let idp: TestProvider;
let s: TestServer;

beforeAll(async () => {
  idp = await startOidcProvider(people);
  s = await startTestServer(
    ssoEnv(idp.issuer, { OIDC_SSO_ONLY: "true", OIDC_BREAK_GLASS_ADMIN: BREAK_GLASS }),
  );
  await s.signup(BREAK_GLASS);
});
afterAll(async () => {
  await s?.close();
  await idp?.close();
});

async function auth(body: Record<string, unknown>) {
  const res = await fetch(`${s.url}/api/auth`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await json(res) };
}

describe("SSO-only mode", () => {
  it("says local passwords are off", async () => {
    expect(await json(await fetch(`${s.url}/api/config`))).toMatchObject({
      sso: { name: "Acme ID" },
      localPasswords: false,
    });
  });

  it("refuses a local password with the same answer for a real and an unknown user", async () => {
    const real = await auth({ action: "signin", username: s.admin.user.id, password: PASSWORD });
    expect(real.status).toBe(403);
    expect(real.body.error.code).toBe("sso_only");
    expect(real.body.error.message).toMatch(/Sign in with Acme ID/);
    const unknown = await auth({ action: "signin", username: uniqueName("nobody"), password: PASSWORD });
    expect(unknown).toEqual(real);
  });

  it("lets the break-glass admin sign in with their password, and only with the right one", async () => {
    const ok = await auth({ action: "signin", username: BREAK_GLASS, password: PASSWORD });
    expect(ok.status).toBe(200);
    expect(ok.body.user.id).toBe(BREAK_GLASS);
    const wrong = await auth({ action: "signin", username: BREAK_GLASS, password: "a wrong horse" });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe("invalid_credentials");
  });

  it("refuses sign-up with a password", async () => {
    const res = await auth({
      action: "signup",
      username: uniqueName("new"),
      displayName: "New",
      password: PASSWORD,
    });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("sso_only");
  });

  it("signs in with SSO", async () => {
    const browser = new TestBrowser(s.url);
    const res = await auth({ action: "sso", code: fragment(await browser.signIn("sub-sam"), "code") });
    expect(res.status).toBe(200);
    expect(res.body.user.id).toBe("sam");
  });

  it("lets a local account sign in with its password once, to link it", async () => {
    const admin = s.admin.user.id;
    people["sub-admin"] = { preferred_username: admin, name: "The Admin" };
    const link = fragment(await new TestBrowser(s.url).signIn("sub-admin"), "sso_link");
    expect(link).toBeDefined();
    const someoneElses = await auth({
      action: "signin",
      username: BREAK_GLASS.replace("r", "x"),
      password: PASSWORD,
      sso_link: link,
    });
    expect(someoneElses.body.error.code).toBe("sso_only");

    const session = await auth({ action: "signin", username: admin, password: PASSWORD, sso_link: link });
    expect(session.status).toBe(200);
    const linked = await fetch(`${s.url}/api/oidc/link`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${session.body.token}` },
      body: JSON.stringify({ code: link }),
    });
    expect(linked.status).toBe(200);
    // Used up: the password is refused again.
    const again = await auth({ action: "signin", username: admin, password: PASSWORD, sso_link: link });
    expect(again.body.error.code).toBe("sso_only");

    const viaSso = await auth({
      action: "sso",
      code: fragment(await new TestBrowser(s.url).signIn("sub-admin"), "code"),
    });
    expect(viaSso.body.user.id).toBe(admin);
  });
});

describe("the actor: an SSO-only local sign-in attempt", () => {
  it.each(ssoOnlyAttemptRows.map((r) => [r.name, r] as const))("%s", async (_name, r) => {
    expect(await r.run(s, { username: s.admin.user.id, password: PASSWORD })).toBe(r.expect);
  });
});
