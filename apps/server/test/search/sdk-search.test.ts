import { RestClient, restSearchClient, SearchController } from "@parley/client";
import { SEARCH_DEBOUNCE_MS } from "@parley/protocol";
import { afterAll, beforeAll, expect, test } from "vitest";
import { startTestServer, type TestServer, uniqueName } from "../helpers/test-server.js";

/** The SDK's search controller over the real endpoints (its unit tests use a fake client). */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

const settle = (check: () => boolean) =>
  new Promise<void>((resolve, reject) => {
    const started = Date.now();
    const tick = () => {
      if (check()) resolve();
      else if (Date.now() - started > 5_000) reject(new Error("timed out"));
      else setTimeout(tick, 10);
    };
    setTimeout(tick, SEARCH_DEBOUNCE_MS);
  });

test("the controller pages through users, channels and messages from the server", async () => {
  const me = await s.signup();
  const word = uniqueName("sdk");
  const cid = uniqueName("c");
  await s.chat(me.streamToken, "POST", `/channels/messaging/${cid}/query`, {
    data: { name: `${word} room` },
  });
  for (let i = 0; i < 12; i++) {
    await s.chat(me.streamToken, "POST", `/channels/messaging/${cid}/messages`, {
      message: { text: `${word} ${i}` },
    });
  }
  const rest = new RestClient({ baseURL: s.url, apiKey: s.apiKey, getToken: () => me.streamToken });
  const controller = new SearchController({ client: restSearchClient({ userID: me.user.id, rest }) });

  controller.activateSource("messages");
  controller.search(word);
  await settle(() => controller.getSnapshot().sources.messages.items.length === 10);
  expect(controller.getSnapshot().sources.messages).toMatchObject({ hasNext: true, isLoading: false });
  await controller.loadMore();
  const messages = controller.getSnapshot().sources.messages;
  expect(messages.items.map((r) => r.message.text)).toEqual(
    Array.from({ length: 12 }, (_, i) => `${word} ${11 - i}`),
  );
  expect(messages.hasNext).toBe(false);

  controller.activateSource("channels");
  await settle(() => !controller.getSnapshot().sources.channels.isLoading);
  expect(controller.getSnapshot().sources.channels.items.map((c) => c.cid)).toEqual([`messaging:${cid}`]);

  controller.activateSource("users");
  controller.search(me.user.id);
  await settle(
    () =>
      controller.getSnapshot().sources.users.searchQuery === me.user.id &&
      !controller.getSnapshot().sources.users.isLoading,
  );
  expect(controller.getSnapshot().sources.users.items).toEqual([]);
  expect(controller.getSnapshot().sources.users.lastQueryError).toBeUndefined();
});
