import { afterEach, expect, test } from "vitest";
import { ChatClient } from "../src/index.js";
import { autoServer, FakeSocket, FakeWebSocket, fakeFetch, flush, me } from "./fakes.js";

afterEach(() => FakeSocket.reset());

test("reconnectNow (the browser's `online` event) cuts a pending backoff short", async () => {
  FakeSocket.reset();
  autoServer(me("bob"));
  const client = new ChatClient("key", {
    baseURL: "http://chat.test",
    WebSocket: FakeWebSocket,
    fetch: fakeFetch([
      {
        method: "GET",
        path: "/unread",
        handler: () => ({ body: { total_unread_count: 0, channels: [], threads: [] } }),
      },
    ]).fetch,
    // A long backoff: without reconnectNow the test would wait minutes.
    backoffBaseMs: 600_000,
    backoffCapMs: 600_000,
    random: () => 1,
  });
  await client.connectUser({ id: "bob" }, "jwt");
  const first = FakeSocket.last;
  first.serverClose(1006, "network gone");
  await flush();
  expect(client.online).toBe(false);
  expect(FakeSocket.instances).toHaveLength(1);

  client.connection?.reconnectNow();
  for (let i = 0; i < 10 && !client.online; i += 1) await flush();
  expect(FakeSocket.instances).toHaveLength(2);
  expect(client.online).toBe(true);
  await client.disconnectUser();
});
