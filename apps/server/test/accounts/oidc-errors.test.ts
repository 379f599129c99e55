/**
 * Every way a single sign-on fails ends on the sign-in page with a code, never a stack, and signs
 * nobody in: a wrong state or issuer in the authorization response, a replayed code (oidc-provider
 * refuses it), a cancelled sign-in, and id tokens a rogue provider gets wrong one rule at a time
 * (audience, expiry, issuer, signature, nonce) — each caught by openid-client's own checks.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { json, startTestServer, type TestServer } from "../helpers/test-server.js";
import {
  fragment,
  queryOf,
  type RogueMode,
  ssoEnv,
  startOidcProvider,
  startRogueProvider,
  TestBrowser,
  type TestProvider,
} from "./oidc-harness.js";

const servers: { close(): Promise<void> }[] = [];
afterAll(async () => {
  for (const x of servers.reverse()) await x.close();
});

async function parleyFor(issuer: string, env: Record<string, string> = {}): Promise<TestServer> {
  const s = await startTestServer(ssoEnv(issuer, env));
  servers.push(s);
  return s;
}

/** The log lines of failed sign-ins, as admins read them. */
const failures = (s: TestServer) =>
  s.logs.filter((l) => l.includes("single sign-on")).map((l) => JSON.parse(l) as Record<string, string>);

describe("the authorization response, checked against the certified provider", () => {
  let idp: TestProvider;
  let s: TestServer;
  beforeAll(async () => {
    idp = await startOidcProvider({ "sub-zoe": { preferred_username: "zoe", name: "Zoe" } });
    servers.push(idp);
    s = await parleyFor(idp.issuer);
  });

  /** Signs in at the provider and answers the redirect back, with `change` made to its query. */
  async function tampered(change: (q: URLSearchParams) => void) {
    const browser = new TestBrowser(s.url);
    const back = new URL(await browser.signInAtProvider(await browser.start(), "sub-zoe"));
    change(back.searchParams);
    return browser.callback(back.href);
  }

  it("signs in when nothing is changed", async () => {
    expect(fragment(await tampered(() => {}), "code")).toBeDefined();
  });

  it("refuses a wrong state", async () => {
    const location = await tampered((q) => q.set("state", "an-attackers-state"));
    expect(queryOf(location, "sso_error")).toBe("rejected");
    expect(failures(s).at(-1)?.reason).toMatch(/state/);
  });

  it("refuses an unknown issuer in the response", async () => {
    const location = await tampered((q) => q.set("iss", "http://127.0.0.1:1/another-issuer"));
    expect(queryOf(location, "sso_error")).toBe("rejected");
    expect(failures(s).at(-1)?.reason).toMatch(/iss/);
  });

  it("refuses a replayed authorization code", async () => {
    const browser = new TestBrowser(s.url);
    const back = new URL(await browser.signInAtProvider(await browser.start(), "sub-zoe"));
    expect(fragment(await browser.callback(back.href), "code")).toBeDefined();
    const before = idp.grantErrors.length;

    // The same answer again: its attempt was used up, so the code never reaches the provider again.
    expect(queryOf(await browser.callback(back.href), "sso_error")).toBe("state");
    expect(idp.grantErrors.slice(before)).toEqual([]);

    // Slipped into a new attempt of the same browser, under that attempt's state: the provider
    // refuses it, for the code is bound to the first attempt's PKCE challenge.
    const second = new URL(await browser.start());
    back.searchParams.set("state", second.searchParams.get("state")!);
    expect(queryOf(await browser.callback(back.href), "sso_error")).toBe("provider");
    expect(idp.grantErrors.slice(before)).toEqual(["code_verifier does not match code_challenge"]);
  });

  it("says so when the person cancels at the provider", async () => {
    const browser = new TestBrowser(s.url);
    const { res, url } = await browser.follow(await browser.start());
    const abort = /href="([^"]*\/abort)"/.exec(await res.text())?.[1];
    expect(abort).toBeDefined();
    const back = await browser.follow(new URL(abort!, url).href);
    expect(new URL(back.url).searchParams.get("error")).toBe("access_denied");
    expect(queryOf(await browser.callback(back.url), "sso_error")).toBe("denied");
  });
});

describe("id tokens that break a rule", () => {
  let mode: RogueMode = "none";
  let s: TestServer;
  beforeAll(async () => {
    const rogue = await startRogueProvider("sub-rex", { preferred_username: "rex", name: "Rex" }, () => mode);
    servers.push(rogue);
    s = await parleyFor(rogue.issuer);
  });
  afterEach(() => {
    mode = "none";
  });

  async function signIn(): Promise<string> {
    const browser = new TestBrowser(s.url);
    const { url } = await browser.follow(await browser.start());
    return browser.callback(url);
  }

  it("signs in with a token that breaks none", async () => {
    const location = await signIn();
    const res = await fetch(`${s.url}/api/auth`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ action: "sso", code: fragment(location, "code") }),
    });
    expect((await json(res)).user.id).toBe("rex");
  });

  it.each([
    ["audience", /aud/],
    ["expired", /exp|timestamp/],
    ["issuer", /iss/],
    ["signature", /signature|JWS|key/i],
    ["nonce", /nonce/],
  ] as const)("refuses a wrong %s", async (broken, why) => {
    mode = broken;
    const location = await signIn();
    expect(queryOf(location, "sso_error")).toBe("rejected");
    expect(fragment(location, "code")).toBeUndefined();
    expect(failures(s).at(-1)?.reason).toMatch(why);
  });
});

describe("a provider the server may not, or cannot, reach", () => {
  it("goes through the outbound guard: a loopback issuer is refused without OUTBOUND_ALLOW_LOOPBACK", async () => {
    const s = await parleyFor("https://127.0.0.1:9/", { OUTBOUND_ALLOW_LOOPBACK: "false" });
    const res = await fetch(`${s.url}/api/oidc/start`, { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/signin?sso_error=provider");
    expect(s.logs.join("\n")).toMatch(/127\.0\.0\.1 is a loopback address/);
  });

  it("says the provider is unreachable when it does not answer", async () => {
    const s = await parleyFor("http://127.0.0.1:9/");
    const res = await fetch(`${s.url}/api/oidc/start`, { redirect: "manual" });
    expect(res.headers.get("location")).toBe("/signin?sso_error=provider");
  });
});

describe("without single sign-on configured", () => {
  it("sends the browser back with not_configured, and takes no code", async () => {
    const s = await startTestServer();
    servers.push(s);
    for (const path of ["/api/oidc/start", "/api/oidc/callback?code=x&state=y"]) {
      const res = await fetch(`${s.url}${path}`, { redirect: "manual" });
      expect(res.headers.get("location")).toBe("/signin?sso_error=not_configured");
    }
    const res = await fetch(`${s.url}/api/auth`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ action: "sso", code: "anything" }),
    });
    expect(res.status).toBe(401);
    expect((await json(res)).error.code).toBe("sso_code_invalid");
    expect(await json(await fetch(`${s.url}/api/config`))).toMatchObject({ sso: null, localPasswords: true });
  });
});
