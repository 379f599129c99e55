/**
 * A server restart: clients get 1001 (going away), reconnect with jitter to the new process and
 * resume from their last seq; messages sent before they are back arrive by replay.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { afterAll, expect, test } from "vitest";
import { type App, buildApp } from "../../src/app.js";
import { loadConfig } from "../../src/config.js";
import type { TestServer } from "../helpers/test-server.js";
import { channelId, connectedUser, waitFor } from "./sdk-helpers.js";

const dataDir = mkdtempSync(join(tmpdir(), "parley-sdk-restart-"));
let app: App | undefined;

async function start(port: number): Promise<{ app: App; url: string }> {
  const config = loadConfig({ DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn" });
  const quiet = new Writable({ write: (_c, _e, cb) => cb() });
  const started = await buildApp({ config, logStream: quiet });
  await started.server.listen({ port, host: "127.0.0.1" });
  const address = started.server.server.address();
  const bound = typeof address === "object" && address ? address.port : port;
  return { app: started, url: `http://127.0.0.1:${bound}` };
}

afterAll(async () => {
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

test("server restart: 1001, reconnect with jitter, resume by replay", async () => {
  const first = await start(0);
  app = first.app;
  const port = Number(new URL(first.url).port);
  const server = {
    url: first.url,
    apiKey: first.app.appKey,
    async signup() {
      const username = `r${Math.random().toString(36).slice(2, 10)}`;
      const res = await fetch(`${first.url}/api/auth`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          action: "signup",
          username,
          displayName: username,
          password: "correct horse",
        }),
      });
      return res.json();
    },
  } as unknown as TestServer;
  // B waits ~0.4-0.5 s before reconnecting (backoff with a fixed random), A reconnects fast
  const a = await connectedUser(server, { backoffBaseMs: 20, backoffCapMs: 40 });
  const drops: unknown[] = [];
  const b = await connectedUser(server, {
    backoffBaseMs: 500,
    backoffCapMs: 500,
    random: () => 0.9,
    logger: (_level, message, extra) => {
      if (message.startsWith("connection dropped")) drops.push(extra?.code);
    },
  });
  const channelA = a.client.channel("messaging", channelId("restart"), { members: [b.auth.user.id] });
  await channelA.watch();
  const [channelB] = await b.client.queryChannels();
  if (!channelB) throw new Error("B does not see the channel");
  await channelA.sendMessage({ text: "before" });
  await waitFor(() => channelB.state.messages.length === 1);

  const closes: (number | string)[] = [];
  b.client.on("connection.changed", (e) => closes.push(e.online ? "online" : "offline"));
  let recovered = false;
  b.client.on("connection.recovered", () => {
    recovered = true;
  });

  await first.app.close(); // sends 1001 to every socket
  await waitFor(() => !b.client.online && !a.client.online, 5_000, "both offline");
  const second = await start(port);
  app = second.app;
  await waitFor(() => a.client.online, 5_000, "A back");
  expect(b.client.online).toBe(false);
  // sent while B is still away: B gets them by replay from the store
  for (let i = 0; i < 10; i += 1) await channelA.sendMessage({ text: `while away ${i}` });
  expect(recovered).toBe(false);
  await waitFor(() => recovered, 5_000, "B recovered");
  await waitFor(() => channelB.state.messages.length === 11, 5_000, "B to have 11 messages");
  expect(channelB.state.messages.map((m) => m.text)).toEqual([
    "before",
    ...Array.from({ length: 10 }, (_, i) => `while away ${i}`),
  ]);
  expect(channelB.state.unreadCount).toBe(11);
  expect(closes).toEqual(["offline", "online"]);
  expect(drops).toEqual([1001]);
  await a.client.disconnectUser();
  await b.client.disconnectUser();
}, 30_000);
