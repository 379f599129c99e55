import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { type App, buildApp } from "../../src/app.js";
import { loadConfig } from "../../src/config.js";
import type { Store } from "../../src/store/store.js";
import { chatRequest, uniqueName } from "../helpers/test-server.js";

/** A real server on a store the test opened itself (to make its writes fail), with one user. */
export interface StoreServer {
  app: App;
  base: string;
  dataDir: string;
  token: string;
  /** Every log line the server wrote. */
  logs: string[];
  chat(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }>;
  readyz(): Promise<{ status: number; body: { error?: { code: string; message: string } } }>;
  close(): Promise<void>;
}

export async function serveStore(store: Store, dataDir = mkdtempSync(join(tmpdir(), "parley-store-"))) {
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk, _enc, cb) {
      logs.push(String(chunk));
      cb();
    },
  });
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "info", RATE_LIMIT_PER_MINUTE: "0" });
  const app = await buildApp({ config, store, logStream });
  await app.server.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.server.address();
  const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  const res = await fetch(`${base}/api/auth`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      action: "signup",
      username: uniqueName(),
      displayName: "Disk",
      password: "correct horse",
    }),
  });
  if (res.status !== 201) throw new Error(`sign-up: ${res.status}`);
  const token = ((await res.json()) as { streamToken: string }).streamToken;
  const server: StoreServer = {
    app,
    base,
    dataDir,
    token,
    logs,
    chat: (method, path, body) => chatRequest(base, app.appKey, token, method, path, body),
    async readyz() {
      const r = await fetch(`${base}/readyz`);
      return { status: r.status, body: (await r.json()) as { error?: { code: string; message: string } } };
    },
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}
