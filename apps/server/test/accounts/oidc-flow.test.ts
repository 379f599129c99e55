/**
 * Single sign-on against the certified oidc-provider on 127.0.0.1: the code flow driven like a
 * browser, started on one node and finished on the other when the suite runs on two; accounts
 * created, found again by subject, made valid and unique; local accounts linked only with their
 * password; the admin group; the one-time code of `/sso`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { json, startTestServer, type TestServer } from "../helpers/test-server.js";
import {
  fragment,
  type Person,
  queryOf,
  ssoEnv,
  startOidcProvider,
  TestBrowser,
  type TestProvider,
} from "./oidc-harness.js";

const people: Record<string, Person> = {
  "sub-alice": { preferred_username: "alice", name: "Alice Liddell", email: "alice@example.com" },
  "sub-bob-1": { preferred_username: "Bob Smith!", name: "Bob One" },
  "sub-bob-2": { preferred_username: "bob.smith", name: "Bob Two" },
  "sub-dora": { preferred_username: "dora", name: "Dora", groups: ["staff", "parley-admins"] },
  "sub-erin": { preferred_username: "erin", name: "Erin", groups: ["staff"] },
  "sub-nameless": { name: "No Username" },
};

let idp: TestProvider;
let s: TestServer;
/** The node that finishes what `s.url` started: the other one on PostgreSQL + Redis. */
let other: string;

beforeAll(async () => {
  idp = await startOidcProvider(people);
  s = await startTestServer(ssoEnv(idp.issuer, { OIDC_ADMIN_GROUP: "parley-admins" }));
  other = s.wsUrl.replace(/^ws/, "http").replace(/\/chat\/connect$/, "");
});
afterAll(async () => {
  await s?.close();
  await idp?.close();
});

async function exchange(code: string | undefined) {
  const res = await fetch(`${s.url}/api/auth`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ action: "sso", code }),
  });
  return { status: res.status, body: await json(res) };
}

/** Starts on the first node and lets the other one answer the provider's redirect back. */
async function ssoSignIn(accountId: string, next?: string) {
  const browser = new TestBrowser(s.url);
  const back = await browser.signInAtProvider(await browser.start(next), accountId);
  browser.parley = other;
  return browser.callback(back);
}

async function roleOf(streamToken: string): Promise<string> {
  const me = await s.chat(streamToken, "GET", "/me");
  expect(me.status).toBe(200);
  return me.body.user?.role ?? me.body.role;
}

describe("single sign-on with OpenID Connect", () => {
  it("says so in the public configuration", async () => {
    const config = await json(await fetch(`${s.url}/api/config`));
    expect(config).toMatchObject({ sso: { name: "Acme ID" }, localPasswords: true });
  });

  it("creates the account on first sign-in and hands the session over once, through a one-time code", async () => {
    const location = await ssoSignIn("sub-alice", "/c/messaging:general");
    expect(location).toMatch(/^\/sso\?/);
    expect(queryOf(location, "next")).toBe("/c/messaging:general");
    const code = fragment(location, "code");
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const signedIn = await exchange(code);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toEqual({
      streamToken: expect.any(String),
      token: expect.any(String),
      user: { id: "alice", displayName: "Alice Liddell", profilePicture: "" },
    });
    expect(await roleOf(signedIn.body.streamToken)).toBe("user");

    const again = await exchange(code);
    expect(again.status).toBe(401);
    expect(again.body.error.code).toBe("sso_code_invalid");
    expect((await exchange("not-a-code")).body).toEqual(again.body);
  });

  it("finds the account again by the provider's subject, whatever the username claim says now", async () => {
    const first = await exchange(fragment(await ssoSignIn("sub-alice"), "code"));
    people["sub-alice"]!.preferred_username = "alice-renamed";
    try {
      const second = await exchange(fragment(await ssoSignIn("sub-alice"), "code"));
      expect(second.body.user.id).toBe("alice");
      expect(second.body.token).not.toBe(first.body.token);
    } finally {
      people["sub-alice"]!.preferred_username = "alice";
    }
  });

  it("makes the username valid and unique", async () => {
    const one = await exchange(fragment(await ssoSignIn("sub-bob-1"), "code"));
    expect(one.body.user).toMatchObject({ id: "bob-smith", displayName: "Bob One" });
    const two = await exchange(fragment(await ssoSignIn("sub-bob-2"), "code"));
    expect(two.body.user).toMatchObject({ id: "bob-smith-2", displayName: "Bob Two" });
  });

  it("refuses an identity without a usable username", async () => {
    const location = await ssoSignIn("sub-nameless");
    expect(queryOf(location, "sso_error")).toBe("account");
  });

  it("goes only to paths of this site after signing in", async () => {
    for (const next of ["//evil.example/x", "https://evil.example/", "/\\evil.example"]) {
      const location = await ssoSignIn("sub-alice", next);
      expect(queryOf(location, "next")).toBe("/chats");
    }
  });

  it("finishes only in the browser that started: the attempt's cookie is required, and used once", async () => {
    const browser = new TestBrowser(s.url);
    const back = await browser.signInAtProvider(await browser.start(), "sub-alice");
    const stranger = new TestBrowser(other);
    expect(queryOf(await stranger.callback(back), "sso_error")).toBe("state");
    expect(fragment(await browser.callback(back), "code")).toBeDefined();
    expect(queryOf(await browser.callback(back), "sso_error")).toBe("state");
  });

  it("makes members of the admin group admins, and takes it back when they leave it", async () => {
    const dora = await exchange(fragment(await ssoSignIn("sub-dora"), "code"));
    expect(await roleOf(dora.body.streamToken)).toBe("admin");
    const erin = await exchange(fragment(await ssoSignIn("sub-erin"), "code"));
    expect(await roleOf(erin.body.streamToken)).toBe("user");

    people["sub-dora"]!.groups = ["staff"];
    try {
      const later = await exchange(fragment(await ssoSignIn("sub-dora"), "code"));
      expect(await roleOf(later.body.streamToken)).toBe("user");
    } finally {
      people["sub-dora"]!.groups = ["staff", "parley-admins"];
    }
  });
});

describe("the checks every sign-in passes", () => {
  it("refuses a banned and a deactivated account, at the callback and at the exchange", async () => {
    people["sub-gil"] = { preferred_username: "gil", name: "Gil" };
    const gil = await exchange(fragment(await ssoSignIn("sub-gil"), "code"));
    expect(gil.status).toBe(200);
    // Signed in at the provider before the ban: the code handed over no longer opens a session.
    const pending = fragment(await ssoSignIn("sub-gil"), "code");
    const ban = await s.chat(s.admin.streamToken, "POST", "/moderation/ban", { target_user_id: "gil" });
    expect(ban.status).toBe(201);
    const late = await exchange(pending);
    expect(late.status).toBe(403);
    expect(late.body.error.code).toBe("banned");
    expect(queryOf(await ssoSignIn("sub-gil"), "sso_error")).toBe("banned");
    await s.chat(s.admin.streamToken, "POST", "/moderation/unban", { target_user_id: "gil" });

    const off = await fetch(`${s.url}/api/admin/users/gil/deactivate`, {
      method: "POST",
      headers: { authorization: `Bearer ${s.admin.token}` },
    });
    expect(off.status).toBe(200);
    expect(queryOf(await ssoSignIn("sub-gil"), "sso_error")).toBe("deactivated");
  });
});

describe("linking a local account", () => {
  const carol: Person = { preferred_username: "carol", name: "Carol at Acme" };

  beforeAll(async () => {
    people["sub-carol"] = carol;
    await s.signup("carol", "Carol");
  });

  async function signIn(password: string, sso_link?: string) {
    const res = await fetch(`${s.url}/api/auth`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ action: "signin", username: "carol", password, sso_link }),
    });
    return { status: res.status, body: await json(res) };
  }

  async function link(token: string | undefined, code: string | undefined) {
    const res = await fetch(`${s.url}/api/oidc/link`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ code }),
    });
    return { status: res.status, body: await json(res) };
  }

  it("asks for the local account's password once, then signs in with SSO", async () => {
    const location = await ssoSignIn("sub-carol", "/chats");
    expect(location).toMatch(/^\/signin\?/);
    const code = fragment(location, "sso_link");
    expect(code).toBeDefined();
    expect(fragment(location, "code")).toBeUndefined();

    expect((await link(undefined, code)).status).toBe(401);
    const someoneElse = await s.signup();
    const refused = await link(someoneElse.token, code);
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe("sso_link_invalid");
    // Still pending: the SSO sign-in that made it did not sign anyone in.
    expect(queryOf(await ssoSignIn("sub-carol"), "sso_error")).toBeNull();

    const wrong = await signIn("not carol's password", code);
    expect(wrong.status).toBe(401);
    const session = await signIn("correct horse");
    expect(session.status).toBe(200);
    expect(await link(session.body.token, code)).toEqual({ status: 200, body: { provider: "Acme ID" } });
    expect((await link(session.body.token, code)).body.error.code).toBe("sso_link_invalid");

    const after = await exchange(fragment(await ssoSignIn("sub-carol"), "code"));
    expect(after.status).toBe(200);
    expect(after.body.user).toMatchObject({ id: "carol", displayName: "Carol" });
  });
});
