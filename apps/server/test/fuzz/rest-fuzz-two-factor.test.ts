import { afterAll, beforeAll, describe, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { twoFactorEndpoints } from "./endpoints-two-factor.js";
import { expectStillServing, type FuzzTarget, fuzzEndpoints } from "./rest-harness.js";

/** Two-factor sign-in: 4 bodies × 200 cases, for an account that started enrolling. */
const RUNS = 200;

let s: TestServer;
let target: FuzzTarget;
let session = "";
const rejections: unknown[] = [];
const onRejection = (e: unknown) => rejections.push(e);

beforeAll(async () => {
  process.on("unhandledRejection", onRejection);
  s = await startTestServer({ LOG_LEVEL: "silent" });
  const a = await s.signup();
  session = a.token;
  target = { url: s.url, apiKey: s.apiKey, token: a.streamToken };
  await fetch(`${s.url}/api/2fa/enrolment`, {
    method: "POST",
    headers: { authorization: `Bearer ${session}` },
  });
});
afterAll(async () => {
  process.off("unhandledRejection", onRejection);
  await s.close();
});

describe("REST fuzz: two-factor sign-in", () => {
  fuzzEndpoints(
    () => target,
    () => twoFactorEndpoints(() => session),
    RUNS,
  );

  it("is still serving, with no unhandled rejection", () => expectStillServing(target, rejections));
});
