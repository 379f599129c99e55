import { expect, it } from "vitest";
import { startTestServer } from "../helpers/test-server.js";

/**
 * An upload refused before its body is read (here 403, a non-member) still leaves its
 * connection idle once answered: otherwise shutdown (SIGTERM) would wait on it until
 * SHUTDOWN_GRACE_MS ran out.
 */
it("shuts down promptly after refusing an upload it did not read", async () => {
  const s = await startTestServer({ LOG_LEVEL: "silent" });
  try {
    const [owner, stranger] = await Promise.all([s.signup(), s.signup()]);
    await s.chat(owner.streamToken, "POST", "/channels/messaging/refused/query", {});
    const form = new FormData();
    form.append("file", new Blob([Buffer.alloc(300_000, 65)], { type: "text/plain" }), "big.txt");
    const res = await fetch(`${s.url}/chat/channels/messaging/refused/uploads?api_key=${s.apiKey}`, {
      method: "POST",
      headers: { authorization: `Bearer ${stranger.streamToken}` },
      body: form,
    });
    expect(res.status).toBe(403);
    const closed = await Promise.race([
      s.app.close().then(() => "closed"),
      new Promise((r) => setTimeout(() => r("still open after 3 s"), 3000)),
    ]);
    expect(closed).toBe("closed");
  } finally {
    (s.app.server.server as { closeAllConnections(): void }).closeAllConnections();
    await s.close();
  }
});
