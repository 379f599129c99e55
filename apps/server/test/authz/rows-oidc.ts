import type { TestServer } from "../helpers/test-server.js";
import { type Outcome, verdict } from "./roles.js";
import { A, type Cell, D, type Row, row } from "./row.js";

/** A product API call with the actor's session token. */
async function api(s: TestServer, session: string | undefined, method: string, path: string, body?: unknown) {
  const res = await fetch(`${s.url}/api${path}`, {
    method,
    redirect: "manual",
    headers: {
      ...(session ? { authorization: `Bearer ${session}` } : {}),
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  const location = res.headers.get("location") ?? "";
  return { status: res.status, location, body: text.startsWith("{") ? JSON.parse(text) : undefined };
}

/** A page the browser is sent through: let in when it goes on to where it should, refused when to an error. */
async function page(c: Cell, path: string, allowed: RegExp): Promise<Outcome> {
  const r = await api(c.s, c.me.session, "GET", path);
  if (r.status !== 302) return verdict(r);
  return allowed.test(r.location) ? A : D;
}

// Columns:                                          out non ex  mem mod adm ban
/**
 * Single sign-on on the matrix's server, which has none configured: starting is open to anyone
 * (and says SSO is not configured), and no forged code or link signs anyone in or links anything.
 */
export const oidcRows: Row[] = [
  row("start single sign-on", [A, A, A, A, A, A, A], (c) =>
    page(c, "/oidc/start", /^\/signin\?sso_error=not_configured$/),
  ),
  row("finish single sign-on with a forged answer", [D, D, D, D, D, D, D], (c) =>
    page(c, `/oidc/callback?code=forged-${c.role}&state=forged`, /^\/sso\?/),
  ),
  row("exchange a forged single-sign-on code", [D, D, D, D, D, D, D], async (c) =>
    verdict(await api(c.s, undefined, "POST", "/auth", { action: "sso", code: `forged-${c.role}` })),
  ),
  row("link an SSO identity with a forged link code", [D, D, D, D, D, D, D], async (c) =>
    verdict(await api(c.s, c.me.session, "POST", "/oidc/link", { code: `forged-${c.role}` })),
  ),
];

/**
 * The actor "SSO-only local sign-in attempt": the holder of a local account's right password on
 * a server in SSO-only mode. Every way a password could open a session refuses them; the way in
 * left is the SSO button. Run by oidc-sso-only.test.ts on such a server (each call: allow/deny).
 */
export interface ActorRow {
  name: string;
  expect: typeof A | typeof D;
  run(s: TestServer, who: { username: string; password: string }): Promise<Outcome>;
}

export const ssoOnlyAttemptRows: ActorRow[] = [
  {
    name: "sign in with the account's right password",
    expect: D,
    run: async (s, who) => verdict(await api(s, undefined, "POST", "/auth", { action: "signin", ...who })),
  },
  {
    name: "sign in with a forged link code",
    expect: D,
    run: async (s, who) =>
      verdict(await api(s, undefined, "POST", "/auth", { action: "signin", ...who, sso_link: "forged" })),
  },
  {
    name: "sign up a new account with a password",
    expect: D,
    run: async (s, who) =>
      verdict(
        await api(s, undefined, "POST", "/auth", {
          action: "signup",
          username: `${who.username.slice(0, 24)}-new`,
          displayName: "New",
          password: who.password,
        }),
      ),
  },
  {
    name: "second sign-in step with a forged challenge",
    expect: D,
    run: async (s) =>
      verdict(
        await api(s, undefined, "POST", "/auth", {
          action: "signin_2fa",
          challenge: "forged",
          code: "123456",
        }),
      ),
  },
  {
    name: "start single sign-on (the way in left)",
    expect: A,
    run: async (s) => {
      const r = await api(s, undefined, "GET", "/oidc/start");
      return r.status === 302 && !r.location.startsWith("/signin") ? A : verdict(r);
    },
  },
];
