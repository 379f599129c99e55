import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/test-server.js";

/**
 * A channel's state lists its first 100 members (by join time, then id); the caller's own
 * membership and read state are answered however many members joined before them. Found by the
 * XSS suite (213 members answering a poll).
 */
let s: TestServer;

beforeAll(async () => {
  s = await startTestServer({ LOG_LEVEL: "silent" });
});
afterAll(() => s.close());

it("the 120th member of a channel sees their own membership and read state", async () => {
  const owner = await s.signup("aaa-owner");
  const last = await s.signup("zzz-last");
  // The other 118 members straight through the users service (no need for 118 scrypt sign-ups).
  const others = Array.from({ length: 118 }, (_, i) => `m${String(i).padStart(3, "0")}`);
  for (const id of others) await s.app.services.users.upsert({ id, name: id, image: "" });
  const members = [...others, last.user.id];
  expect(
    (await s.chat(owner.streamToken, "POST", "/channels/messaging/big/query", { data: { members } })).status,
  ).toBe(200);
  await s.chat(owner.streamToken, "POST", "/channels/messaging/big/messages", {
    message: { text: "hi all" },
  });
  const r = await s.chat(last.streamToken, "POST", "/channels/messaging/big/query", { create: false });
  expect(r.status).toBe(200);
  expect(r.body.membership?.user_id).toBe(last.user.id);
  expect(r.body.read.find((x: any) => x.user_id === last.user.id)?.unread_messages).toBe(1);
});
