import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ssoEnv, startOidcProvider, type TestProvider } from "../accounts/oidc-harness.js";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { nastyString } from "./arbitraries.js";
import { oidcEndpoints } from "./endpoints-oidc.js";
import { assertQuietly, expectStillServing, type FuzzTarget, fuzzEndpoints } from "./rest-harness.js";

/**
 * Single sign-on on a server signing in with the certified provider: its two bodies × 200 cases,
 * and its two pages, whose every answer to any query is a redirect — to the provider, or to the
 * sign-in page with an `sso_error` — never an error page or a stack.
 */
const RUNS = 200;

let idp: TestProvider;
let s: TestServer;
let target: FuzzTarget;
let session = "";
const rejections: unknown[] = [];
const onRejection = (e: unknown) => rejections.push(e);

beforeAll(async () => {
  process.on("unhandledRejection", onRejection);
  idp = await startOidcProvider({});
  s = await startTestServer({ ...ssoEnv(idp.issuer), LOG_LEVEL: "silent" });
  const a = await s.signup();
  session = a.token;
  target = { url: s.url, apiKey: s.apiKey, token: a.streamToken };
});
afterAll(async () => {
  process.off("unhandledRejection", onRejection);
  await s.close();
  await idp.close();
});

const query = fc.dictionary(
  fc.oneof(fc.constantFrom("next", "code", "state", "iss", "error", "error_description"), nastyString),
  fc.oneof(nastyString, fc.array(nastyString, { maxLength: 3 })),
  { maxKeys: 6 },
);

async function page(path: string, params: Record<string, string | string[]>) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params))
    for (const one of Array.isArray(v) ? v : [v])
      q.append(k.slice(0, 64), one.replace(/\0/g, "").slice(0, 512));
  const res = await fetch(`${s.url}${path}?${q}`, { redirect: "manual" });
  const text = await res.text();
  return {
    status: res.status,
    location: res.headers.get("location") ?? "",
    body: text.startsWith("{") ? JSON.parse(text) : text,
  };
}

describe("REST fuzz: single sign-on", () => {
  fuzzEndpoints(
    () => target,
    () => oidcEndpoints(() => session),
    RUNS,
  );

  it.each(["/api/oidc/start", "/api/oidc/callback"])(
    "answers every query sent to %s with a redirect, or a documented 400",
    async (path) => {
      // Started: to the provider. Finished without this browser's attempt: to the sign-in page.
      const allowed = path.endsWith("start")
        ? new RegExp(`^${idp.issuer}/auth\\?`)
        : /^\/signin\?sso_error=state(&|$)/;
      await assertQuietly(
        fc.asyncProperty(query, async (params) => {
          const r = await page(path, params);
          // A repeated parameter, or an unknown one on start: the `validation` answer.
          if (r.status === 400) {
            expect(r.body?.error?.code).toBe("validation");
            return;
          }
          expect(r.status).toBe(302);
          expect(r.location).toMatch(allowed);
        }),
        RUNS,
      );
    },
  );

  it("is still serving, with no unhandled rejection", () => expectStillServing(target, rejections));
});
