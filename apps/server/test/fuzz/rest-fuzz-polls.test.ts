import { afterAll, beforeAll, describe, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { type PollFixture, pollEndpoints } from "./endpoints-polls.js";
import { expectStillServing, type FuzzTarget, fuzzEndpoints } from "./rest-harness.js";

/** Poll bodies: create, replace, patch, options, votes, answers and both queries; 9 × 200 cases. */
const RUNS = 200;

let s: TestServer;
let target: FuzzTarget;
const fixture: PollFixture = { pollId: "", messageId: "", optionId: "", draftId: "", cid: "", userId: "" };
const rejections: unknown[] = [];
const onRejection = (e: unknown) => rejections.push(e);

beforeAll(async () => {
  process.on("unhandledRejection", onRejection);
  s = await startTestServer({ LOG_LEVEL: "silent" });
  const [a, b] = await Promise.all([s.signup(), s.signup()]);
  target = { url: s.url, apiKey: s.apiKey, token: a.streamToken };
  fixture.userId = a.user.id;
  fixture.cid = "messaging:pollfuzz";
  await s.chat(a.streamToken, "POST", "/channels/messaging/pollfuzz/query", {
    data: { members: [b.user.id] },
  });
  const create = (name: string) =>
    s.chat(a.streamToken, "POST", "/polls", {
      name,
      allow_answers: true,
      allow_user_suggested_options: true,
      options: [{ text: "Pizza" }, { text: "Sushi" }],
    });
  const poll = (await create("Lunch?")).body.poll;
  fixture.pollId = poll.id;
  fixture.optionId = poll.options[0].id;
  fixture.draftId = (await create("Draft")).body.poll.id;
  const sent = await s.chat(a.streamToken, "POST", "/channels/messaging/pollfuzz/messages", {
    message: { text: "vote", poll_id: poll.id },
  });
  fixture.messageId = sent.body.message.id;
});
afterAll(async () => {
  process.off("unhandledRejection", onRejection);
  await s.close();
});

describe("REST fuzz: polls", () => {
  fuzzEndpoints(
    () => target,
    () => pollEndpoints(fixture),
    RUNS,
  );

  it("is still serving, with no unhandled rejection", () => expectStillServing(target, rejections));
});
