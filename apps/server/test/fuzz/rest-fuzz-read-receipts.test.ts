import { afterAll, beforeAll, describe, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { type ReceiptFixture, readReceiptEndpoints } from "./endpoints-read-receipts.js";
import { expectStillServing, type FuzzTarget, fuzzEndpoints } from "./rest-harness.js";

/** Read receipts: the privacy body and the readers query; 2 × 200 cases. */
const RUNS = 200;

let s: TestServer;
let target: FuzzTarget;
const fixture: ReceiptFixture = { messageId: "", userId: "" };
const rejections: unknown[] = [];
const onRejection = (e: unknown) => rejections.push(e);

beforeAll(async () => {
  process.on("unhandledRejection", onRejection);
  s = await startTestServer({ LOG_LEVEL: "silent" });
  const [a, b] = await Promise.all([s.signup(), s.signup()]);
  target = { url: s.url, apiKey: s.apiKey, token: a.streamToken };
  fixture.userId = b.user.id;
  await s.chat(a.streamToken, "POST", "/channels/messaging/receiptfuzz/query", {
    data: { members: [b.user.id] },
  });
  const sent = await s.chat(a.streamToken, "POST", "/channels/messaging/receiptfuzz/messages", {
    message: { text: "read me" },
  });
  fixture.messageId = sent.body.message.id;
  await s.chat(b.streamToken, "POST", "/channels/messaging/receiptfuzz/read", {});
});
afterAll(async () => {
  process.off("unhandledRejection", onRejection);
  await s.close();
});

describe("REST fuzz: read receipts", () => {
  fuzzEndpoints(
    () => target,
    () => readReceiptEndpoints(fixture),
    RUNS,
  );

  it("is still serving, with no unhandled rejection", () => expectStillServing(target, rejections));
});
