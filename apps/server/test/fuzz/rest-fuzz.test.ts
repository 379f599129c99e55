import { afterAll, beforeAll, describe, it } from "vitest";
import { startTestServer, type TestServer, uniqueName } from "../helpers/test-server.js";
import { type CoreFixture, coreEndpoints } from "./endpoints-core.js";
import { notificationEndpoints } from "./endpoints-notifications.js";
import { expectStillServing, type FuzzTarget, fuzzEndpoints } from "./rest-harness.js";

/** Accounts, channels, messages, reactions, read state, history, notifications: 18 bodies × 300 cases. */
const RUNS = 300;

let s: TestServer;
let target: FuzzTarget;
const fixture: CoreFixture = { other: "", messageId: "", freshId: () => uniqueName("z") };
const rejections: unknown[] = [];
const onRejection = (e: unknown) => rejections.push(e);

beforeAll(async () => {
  process.on("unhandledRejection", onRejection);
  s = await startTestServer({ LOG_LEVEL: "silent" });
  const [a, b] = await Promise.all([s.signup(), s.signup()]);
  target = { url: s.url, apiKey: s.apiKey, token: a.streamToken };
  fixture.other = b.user.id;
  await s.chat(a.streamToken, "POST", "/channels/messaging/fuzz/query", { data: { members: [b.user.id] } });
  const sent = await s.chat(a.streamToken, "POST", "/channels/messaging/fuzz/messages", {
    message: { text: "x" },
  });
  fixture.messageId = sent.body.message.id;
});
afterAll(async () => {
  process.off("unhandledRejection", onRejection);
  await s.close();
});

describe("REST fuzz: core", () => {
  fuzzEndpoints(
    () => target,
    () => [...coreEndpoints(fixture), ...notificationEndpoints()],
    RUNS,
  );

  it("is still serving, with no unhandled rejection", () => expectStillServing(target, rejections));
});
