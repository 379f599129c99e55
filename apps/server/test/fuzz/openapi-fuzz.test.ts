import { readFileSync } from "node:fs";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { AnswerChecker } from "./openapi-answers.js";
import { type Cast, castOf, fixtureOf, restore, typeSettingsOf } from "./openapi-fixture.js";
import { type Credentials, type OpenApi, operationsOf, requestsOf, send } from "./openapi-operations.js";
import { assertQuietly, expectStillServing } from "./rest-harness.js";

/**
 * The server driven from its OpenAPI document alone (docs/openapi.json, as integrators get it):
 * requests generated from each operation's parameters, body schema and security, answers checked
 * against the responses it declares for their status, no 5xx. Nothing here knows the route table;
 * what the test knows is the ids it made through the API (fixtureOf), offered to the fields and
 * path parameters that name such things, and the tokens its users hold.
 */
const doc = JSON.parse(
  readFileSync(new URL("../../../../docs/openapi.json", import.meta.url), "utf8"),
) as OpenApi;

/** Requests per operation. */
const RUNS = 60;

/** Operations not driven, and why. */
const SKIPPED: Record<string, string> = {
  // The image proxy fetches the URL it is given: from here, a request to another host.
  getImage: "the server would fetch the generated URL from another host",
  // Both end the sessions of the users the test acts as (ids it knows), failing every operation after.
  adminSignOutUser: "signs the test's own users out everywhere",
  adminDeactivateUser: "deactivates the test's own users",
};

/**
 * Operations that succeed only with a secret no API call hands out: a link's token from an
 * email or an admin, a code from an authenticator app, the provider's authorization code, the
 * account's password. Driven like the others, but not expected to succeed.
 */
const NEED_A_SECRET = new Set([
  "verifyEmail",
  "unsubscribeEmail",
  "passwordResetStatus",
  "resetPassword",
  "previewInvite",
  "changePassword",
  "confirmTwoFactor",
  "disableTwoFactor",
  "regenerateRecoveryCodes",
  "startChallengeEnrolment",
  "oidcCallback",
  "oidcLink",
]);

const checker = new AnswerChecker(doc);

let s: TestServer;
let cast: Cast;
let settings: Record<string, unknown>;
let credentials: Credentials;

/** Statuses each operation answered, to tell that requests reach the handlers. */
const seen = new Map<string, Set<number>>();
const rejections: unknown[] = [];
const onRejection = (e: unknown) => rejections.push(e);

beforeAll(async () => {
  process.on("unhandledRejection", onRejection);
  s = await startTestServer({ LOG_LEVEL: "silent" });
  cast = await castOf(s);
  settings = await typeSettingsOf(s, cast);
  // The application key, where the document says integrators get it.
  const { apiKey } = (await (await fetch(`${s.url}/api/config`)).json()) as { apiKey: string };
  credentials = credentialsOf(apiKey, await s.serverToken());
}, 60_000);
afterAll(async () => {
  process.off("unhandledRejection", onRejection);
  await s?.close();
});

function credentialsOf(apiKey: string, serverToken: string): Credentials {
  const actors = [cast.admin, cast.member];
  return {
    keys: { api_key: apiKey },
    bearers: {
      user_token: fc.constantFrom(...actors.map((a) => a.token)),
      server_token: fc.constant(serverToken),
      session_token: fc.constantFrom(...actors.map((a) => a.session)),
    },
    // components.parameters.user_id: whom a server token acts for.
    actsFor: { scheme: "server_token", parameter: "user_id" },
  };
}

describe("the server, driven from its OpenAPI document", () => {
  it("leaves out only operations the document has, each for a stated reason", () => {
    const ids = new Set(operationsOf(doc).map((op) => op.id));
    expect(Object.keys(SKIPPED).filter((id) => !ids.has(id))).toEqual([]);
  });

  for (const op of operationsOf(doc)) {
    if (op.id in SKIPPED) continue;
    const name = `${op.method} ${op.path} (${op.id}) answers only what it declares`;
    it(name, { timeout: 60_000 }, async () => {
      const known = await fixtureOf(s, cast);
      const ids = [...new Set([...known.entries()].filter(([k]) => /id/.test(k)).flatMap(([, v]) => v))];
      const requests = requestsOf(
        doc,
        op,
        (key) => known.get(key) ?? (/ids?$/i.test(key) ? ids : []),
        credentials,
      );
      const statuses = new Set<number>();
      seen.set(op.id, statuses);
      try {
        await assertQuietly(
          fc.asyncProperty(requests, async (request) => {
            const answer = await send(s.url, request);
            statuses.add(answer.status);
            const problem = checker.problem(op, answer);
            if (problem)
              throw new Error(`${request.method} ${request.url} ${request.json ?? ""}\n${problem}`);
          }),
          RUNS,
          // Each request shrinking tries is one to the server: past this, report what it has.
          { skipAllAfterTimeLimit: 20_000 },
        );
      } finally {
        await restore(s, cast, settings);
      }
    });
  }

  // A few operations succeed only when several fields agree in ways no schema states (a direct
  // channel needs `data.members`, a vote exactly one of two optional fields): random requests
  // may miss all of them. Many such misses mean the requests no longer reach the handlers.
  it("reaches the handlers: nearly every operation driven answered a success", () => {
    const driven = [...seen].filter(([id]) => !NEED_A_SECRET.has(id));
    const never = driven.filter(([, statuses]) => ![...statuses].some((st) => st < 400)).map(([id]) => id);
    expect(never.length, `never answered a success: ${never.join(", ")}`).toBeLessThanOrEqual(
      driven.length / 10,
    );
  });

  it("is still serving, with no unhandled rejection", () =>
    expectStillServing({ url: s.url, apiKey: s.apiKey, token: cast.member.token }, rejections));
});
