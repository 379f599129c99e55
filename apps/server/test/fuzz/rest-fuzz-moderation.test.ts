import { afterAll, beforeAll, describe, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { type ModerationFixture, moderationEndpoints } from "./endpoints-moderation.js";
import { expectStillServing, type FuzzTarget, fuzzEndpoints } from "./rest-harness.js";

/**
 * Moderation, policy and account bodies, sent by an admin so that valid-looking bodies get past
 * the permission check into the domain; 13 × 200 cases.
 */
const RUNS = 200;

let s: TestServer;
let target: FuzzTarget;
const fixture: ModerationFixture = {
  adminId: "",
  victimId: "",
  victimMessageId: "",
  cid: "messaging:modfuzz",
  sessionToken: "",
};
const rejections: unknown[] = [];
const onRejection = (e: unknown) => rejections.push(e);

beforeAll(async () => {
  process.on("unhandledRejection", onRejection);
  s = await startTestServer({ LOG_LEVEL: "silent" });
  const victim = await s.signup();
  const other = await s.signup();
  target = { url: s.url, apiKey: s.apiKey, token: s.admin.streamToken };
  fixture.adminId = s.admin.user.id;
  fixture.victimId = victim.user.id;
  fixture.sessionToken = other.token;
  await s.chat(victim.streamToken, "POST", "/channels/messaging/modfuzz/query", {
    data: { members: [s.admin.user.id, other.user.id] },
  });
  const sent = await s.chat(victim.streamToken, "POST", "/channels/messaging/modfuzz/messages", {
    message: { text: "flag me" },
  });
  fixture.victimMessageId = sent.body.message.id;
});
afterAll(async () => {
  process.off("unhandledRejection", onRejection);
  await s.close();
});

describe("REST fuzz: moderation, policies and accounts", () => {
  fuzzEndpoints(
    () => target,
    () => moderationEndpoints(fixture),
    RUNS,
  );

  it("is still serving, with no unhandled rejection", () => expectStillServing(target, rejections));
});
