import { afterAll, beforeAll, describe, it } from "vitest";
import { startTestServer, type TestServer, uniqueName } from "../helpers/test-server.js";
import { favouriteEndpoints } from "./endpoints-favourites.js";
import { expectStillServing, type FuzzTarget, fuzzEndpoints } from "./rest-harness.js";

/** The star body: 200 cases. */
const RUNS = 200;

let s: TestServer;
let target: FuzzTarget;
const fixture = { channelPath: "" };
const rejections: unknown[] = [];
const onRejection = (e: unknown) => rejections.push(e);

beforeAll(async () => {
  process.on("unhandledRejection", onRejection);
  s = await startTestServer({ LOG_LEVEL: "silent" });
  const [a, b] = await Promise.all([s.signup(), s.signup()]);
  target = { url: s.url, apiKey: s.apiKey, token: a.streamToken };
  const id = uniqueName("starfuzz");
  await s.chat(a.streamToken, "POST", `/channels/messaging/${id}/query`, { data: { members: [b.user.id] } });
  fixture.channelPath = `/chat/channels/messaging/${id}`;
});
afterAll(async () => {
  process.off("unhandledRejection", onRejection);
  await s.close();
});

describe("REST fuzz: favourites", () => {
  fuzzEndpoints(
    () => target,
    () => favouriteEndpoints(fixture),
    RUNS,
  );

  it("is still serving, with no unhandled rejection", () => expectStillServing(target, rejections));
});
