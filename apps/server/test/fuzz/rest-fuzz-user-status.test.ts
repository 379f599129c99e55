import { afterAll, beforeAll, describe, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { userStatusEndpoints } from "./endpoints-user-status.js";
import { expectStillServing, type FuzzTarget, fuzzEndpoints } from "./rest-harness.js";

/** The status body: 200 cases. */
const RUNS = 200;

let s: TestServer;
let target: FuzzTarget;
const rejections: unknown[] = [];
const onRejection = (e: unknown) => rejections.push(e);

beforeAll(async () => {
  process.on("unhandledRejection", onRejection);
  s = await startTestServer({ LOG_LEVEL: "silent" });
  const a = await s.signup();
  target = { url: s.url, apiKey: s.apiKey, token: a.streamToken };
});
afterAll(async () => {
  process.off("unhandledRejection", onRejection);
  await s.close();
});

describe("REST fuzz: user status", () => {
  fuzzEndpoints(() => target, userStatusEndpoints, RUNS);

  it("is still serving, with no unhandled rejection", () => expectStillServing(target, rejections));
});
