import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { authedSocket } from "../helpers/ws-client.js";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ SINGLE_NODE: "1" });
});
afterAll(() => s.close());

describe("going offline on SQLite", () => {
  it("records each user's last activity in a group-committed transaction, not a commit of its own", async () => {
    const users = await Promise.all(Array.from({ length: 10 }, () => s.signup()));
    const sockets = await Promise.all(users.map((u) => authedSocket(s.wsUrl, s.apiKey, u.streamToken)));
    const store = s.app.store;
    const before = store.commitStats!();
    for (const sock of sockets) sock.close();
    await vi.waitFor(
      async () => {
        for (const u of users) expect((await store.users.get(u.user.id))?.last_active).not.toBeNull();
      },
      { timeout: 5_000, interval: 20 },
    );
    expect(store.commitStats!().transactions - before.transactions).toBe(users.length);
  });
});
