import { afterAll, beforeAll, describe, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { type QueryFixture, queryEndpoints } from "./endpoints-query.js";
import { expectStillServing, type FuzzTarget, fuzzEndpoints } from "./rest-harness.js";

/** Query strings: the three search sources, user search, joinable channels, history pages and bans; 8 × 200 cases. */
const RUNS = 200;

let s: TestServer;
let target: FuzzTarget;
const fixture: QueryFixture = {
  channelPath: "/channels/messaging/queryfuzz",
  messageId: "",
  cid: "messaging:queryfuzz",
};
const rejections: unknown[] = [];
const onRejection = (e: unknown) => rejections.push(e);

beforeAll(async () => {
  process.on("unhandledRejection", onRejection);
  s = await startTestServer({ LOG_LEVEL: "silent" });
  const b = await s.signup();
  target = { url: s.url, apiKey: s.apiKey, token: s.admin.streamToken };
  await s.chat(s.admin.streamToken, "POST", `${fixture.channelPath}/query`, {
    data: { name: "Query fuzz", members: [b.user.id] },
  });
  for (const text of ["hello world", "héllo wörld", "another one"]) {
    const sent = await s.chat(s.admin.streamToken, "POST", `${fixture.channelPath}/messages`, {
      message: { text },
    });
    fixture.messageId = sent.body.message.id;
  }
});
afterAll(async () => {
  process.off("unhandledRejection", onRejection);
  await s.close();
});

describe("query-string fuzz", () => {
  fuzzEndpoints(
    () => target,
    () => queryEndpoints(fixture),
    RUNS,
  );

  it("is still serving, with no unhandled rejection", () => expectStillServing(target, rejections));
});
