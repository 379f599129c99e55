import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";
import { sleep, until } from "../support/prng.js";
import { sdkClient } from "../support/sdk.js";

/**
 * Found by the unread model test: a tab that still holds a channel the user left must watch it
 * again when the user is added back, or it never sees that channel's edits and deletions (a
 * deleted unread message would stay counted).
 */
let s: TestServer;

beforeAll(async () => {
  s = await startTestServer({ LOG_LEVEL: "silent" });
});
afterAll(() => s.close());

it("a re-added member's tab watches the channel again and follows a deletion", async () => {
  const [owner, user] = await Promise.all([s.signup(), s.signup()]);
  const path = "/channels/messaging/rejoin";
  await s.chat(owner.streamToken, "POST", `${path}/query`, { data: { members: [user.user.id] } });
  const tab = sdkClient(s.url, s.apiKey);
  try {
    await tab.connectUser({ id: user.user.id }, user.streamToken);
    const [channel] = await tab.queryChannels();
    if (!channel) throw new Error("no channel");
    await channel.leave();
    await s.chat(owner.streamToken, "POST", `${path}/members`, { add: [user.user.id] });
    await until(() => channel.state.membership !== null, 5000, "membership back");
    const sent = await s.chat(owner.streamToken, "POST", `${path}/messages`, { message: { text: "back" } });
    await until(() => channel.state.unreadCount === 1, 5000, "one unread");
    await s.chat(owner.streamToken, "DELETE", `/messages/${sent.body.message.id}`);
    await sleep(500);
    expect(channel.watching).toBe(true);
    expect(channel.state.unreadCount).toBe(0);
    expect(tab.totalUnreadCount).toBe(0);
  } finally {
    await tab.disconnectUser();
  }
});
