import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { threadsInboxEndpoints } from "./endpoints-threads-inbox.js";
import { expectStillServing, type FuzzTarget, fuzzEndpoints } from "./rest-harness.js";

/** The threads inbox's query: 200 cases around a real cursor. */
const RUNS = 200;

let s: TestServer;
let target: FuzzTarget;
let next = "";
const rejections: unknown[] = [];
const onRejection = (e: unknown) => rejections.push(e);

beforeAll(async () => {
  process.on("unhandledRejection", onRejection);
  s = await startTestServer({ LOG_LEVEL: "silent" });
  const [a, b] = await Promise.all([s.signup(), s.signup()]);
  target = { url: s.url, apiKey: s.apiKey, token: a.streamToken };
  const path = "/channels/messaging/threadfuzz";
  await s.chat(a.streamToken, "POST", `${path}/query`, { data: { members: [b.user.id] } });
  for (const text of ["first", "second"]) {
    const parent = await s.chat(a.streamToken, "POST", `${path}/messages`, { message: { text } });
    await s.chat(b.streamToken, "POST", `${path}/messages`, {
      message: { text: `re ${text}`, parent_id: parent.body.message.id },
    });
  }
  const page = await s.chat(a.streamToken, "GET", "/threads?limit=1");
  expect(page.body.next).toEqual(expect.any(String));
  next = page.body.next;
});
afterAll(async () => {
  process.off("unhandledRejection", onRejection);
  await s.close();
});

describe("REST fuzz: threads inbox", () => {
  fuzzEndpoints(
    () => target,
    () => threadsInboxEndpoints(() => next),
    RUNS,
  );

  it("is still serving, with no unhandled rejection", () => expectStillServing(target, rejections));
});
