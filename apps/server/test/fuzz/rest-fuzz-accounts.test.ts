import { afterAll, beforeAll, describe, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { accountEndpoints } from "./endpoints-accounts.js";
import { expectStillServing, type FuzzTarget, fuzzEndpoints } from "./rest-harness.js";

/** The product API's admin, invite and password bodies: 8 bodies × 150 cases, as the install's admin. */
const RUNS = 150;

let s: TestServer;
let target: FuzzTarget;
const rejections: unknown[] = [];
const onRejection = (e: unknown) => rejections.push(e);

beforeAll(async () => {
  process.on("unhandledRejection", onRejection);
  s = await startTestServer({ LOG_LEVEL: "silent" });
  target = { url: s.url, apiKey: s.apiKey, token: s.admin.streamToken };
});
afterAll(async () => {
  process.off("unhandledRejection", onRejection);
  await s.close();
});

describe("REST fuzz: accounts, invites, passwords", () => {
  fuzzEndpoints(
    () => target,
    () => accountEndpoints(() => s.admin.token),
    RUNS,
  );

  it("is still serving, with no unhandled rejection", () => expectStillServing(target, rejections));
});
