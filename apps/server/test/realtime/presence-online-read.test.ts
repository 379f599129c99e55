import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestServer, type TestServer, uniqueName } from "../helpers/test-server.js";
import { authedSocket } from "../helpers/ws-client.js";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ SINGLE_NODE: "1" });
});
afterAll(() => s.close());

describe("coming online", () => {
  it("announces the user with the row their connection authenticated with, read once", async () => {
    const [ana, bob] = await Promise.all([s.signup(), s.signup()]);
    const id = uniqueName("p");
    await s.chat(ana.streamToken, "POST", `/channels/messaging/${id}/query`, {
      data: { members: [bob.user.id] },
    });
    const watcher = await authedSocket(s.wsUrl, s.apiKey, bob.streamToken);
    watcher.send({ type: "watch", channels: [{ cid: `messaging:${id}` }] });
    await watcher.next((f) => f.type === "watch.ok");

    // Authentication reads the row with the user's access; presence must not read it again.
    const reads = vi.spyOn(s.app.store.users, "get");
    const authReads = vi.spyOn(s.app.store.users, "getWithAccess");
    try {
      const sock = await authedSocket(s.wsUrl, s.apiKey, ana.streamToken);
      const online = await watcher.next(
        (f) => f.type === "user.presence.changed" && f.user.id === ana.user.id && f.user.online,
      );
      expect(online.user).toMatchObject({ id: ana.user.id, name: expect.any(String), online: true });
      const ofAna = [...reads.mock.calls, ...authReads.mock.calls].filter(
        ([userId]) => userId === ana.user.id,
      );
      expect(ofAna).toHaveLength(1);

      // Going offline reads the row again: it carries the last activity just recorded.
      sock.close();
      const offline = await watcher.next(
        (f) => f.type === "user.presence.changed" && f.user.id === ana.user.id && !f.user.online,
      );
      expect(offline.user.last_active).toEqual(expect.any(String));
    } finally {
      reads.mockRestore();
      authReads.mockRestore();
      watcher.close();
    }
  });
});
