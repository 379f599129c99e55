import { afterAll, beforeAll, expect, test } from "vitest";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { channelId, connectedUser, waitFor } from "./sdk-helpers.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

test("history opened far back: the window, its hole filled page by page, then every message once, in order", async () => {
  const [a, b] = await Promise.all([connectedUser(server), connectedUser(server)]);
  const channelA = a.client.channel("messaging", channelId("deep"), { members: [b.auth.user.id] });
  await channelA.watch();
  const sent: string[] = [];
  for (let i = 0; i < 320; i += 1) sent.push((await channelA.sendMessage({ text: `m ${i}` })).id);
  // B opens the app now: the newest page only
  await b.client.disconnectUser();
  await b.client.connectUser({ id: b.auth.user.id }, b.auth.streamToken);
  const [channelB] = await b.client.queryChannels({}, undefined, { message_limit: 100 });
  if (!channelB) throw new Error("B does not see the channel");
  expect(channelB.state.messages.map((m) => m.id)).toEqual(sent.slice(-100));

  await channelB.loadAround(sent[20]!, 50);
  expect(channelB.state.gapAfter).toBe(sent[45]);
  expect(channelB.state.hasMoreOlder).toBe(false);
  // new messages keep arriving meanwhile, after the hole
  const live = (await channelA.sendMessage({ text: "while far back" })).id;
  sent.push(live);
  await waitFor(() => channelB.state.messages.some((m) => m.id === live), 5_000, "the live message");
  let pages = 0;
  while (channelB.state.gapAfter && pages < 20) {
    await channelB.loadNewer(100);
    pages += 1;
  }
  expect(channelB.state.gapAfter).toBeNull();
  expect(pages).toBe(2); // 46–145, then 146–245 meets the newest page (220–319) held
  expect(channelB.state.messages.map((m) => m.id)).toEqual(sent);
  await a.client.disconnectUser();
  await b.client.disconnectUser();
}, 60_000);
