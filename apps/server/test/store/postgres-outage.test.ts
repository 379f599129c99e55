import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../../src/app.js";
import { loadConfig } from "../../src/config.js";
import { openPostgresStore } from "../../src/store/postgres/postgres-store.js";
import type { Store } from "../../src/store/store.js";
import { requirePostgres } from "../helpers/required-services.js";
import { createTestSchema, type TestSchema } from "./pg-test-schema.js";
import { startTcpProxy, type TcpProxy } from "./tcp-proxy.js";

const url = process.env.DATABASE_URL;

/** The database goes away behind a proxy and comes back; the server answers 503 meanwhile. */
describe.skipIf(!url)("PostgreSQL outage", () => {
  let schema: TestSchema;
  let proxy: TcpProxy;
  let store: Store;
  let app: App;
  let base: string;
  let token: string;
  let dataDir: string;
  const poolErrors: string[] = [];

  beforeAll(requirePostgres);
  beforeAll(async () => {
    schema = await createTestSchema(url!);
    proxy = await startTcpProxy(new URL(url!).hostname, Number(new URL(url!).port || 5432));
    const viaProxy = new URL(url!);
    viaProxy.hostname = "127.0.0.1";
    viaProxy.port = String(proxy.port);
    store = await openPostgresStore({
      url: viaProxy.toString(),
      schema: schema.name,
      onPoolError: (e) => poolErrors.push(e.message),
    });
    dataDir = mkdtempSync(join(tmpdir(), "parley-outage-"));
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent" });
    app = await buildApp({ config, store, logStream: new Writable({ write: (_c, _e, cb) => cb() }) });
    await app.server.listen({ port: 0, host: "127.0.0.1" });
    const addr = app.server.server.address();
    base = `http://127.0.0.1:${typeof addr === "object" && addr ? addr.port : 0}`;
    const res = await fetch(`${base}/api/auth`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        action: "signup",
        username: `o${Date.now().toString(36)}`,
        displayName: "Outage",
        password: "correct horse",
      }),
    });
    expect(res.status).toBe(201);
    token = ((await res.json()) as { streamToken: string }).streamToken;
  });
  afterAll(async () => {
    await app?.close();
    await proxy?.close();
    await schema?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const readyz = async () => (await fetch(`${base}/readyz`)).status;
  const users = async () => {
    const res = await fetch(`${base}/chat/users?api_key=${app.appKey}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return { status: res.status, body: (await res.json()) as { error?: { code: string } } };
  };

  it("answers 503 while the database is down and recovers by itself", async () => {
    expect(await readyz()).toBe(200);
    expect((await users()).status).toBe(200);

    await proxy.down();
    await expect(store.ping()).rejects.toThrow();
    expect(await readyz()).toBe(503);
    const down = await users();
    expect(down.status).toBe(503);
    expect(down.body.error?.code).toBe("unavailable");

    await proxy.up();
    await expect(store.ping()).resolves.toBeUndefined();
    expect(await readyz()).toBe(200);
    expect((await users()).status).toBe(200);
  });

  it("answers 503 for a transaction whose connection dies mid-way, without crashing", async () => {
    const inFlight = store.transaction(async (tx) => {
      await tx.accounts.count();
      await new Promise((r) => setTimeout(r, 200));
      return tx.accounts.count();
    });
    await new Promise((r) => setTimeout(r, 50));
    await proxy.down();
    await expect(inFlight).rejects.toMatchObject({ code: "ECONNRESET" });
    await proxy.up();
    await expect(store.ping()).resolves.toBeUndefined();
  });

  it("survives the server terminating its connections (restart, failover)", async () => {
    // Warm the pool so there are idle connections to kill.
    await Promise.all([store.ping(), store.ping(), store.ping()]);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      // Only this store's connections: other test files share the database.
      const { rows } = await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where client_port = any($1::int[])",
        [proxy.upstreamPorts()],
      );
      expect(rows.length).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    await new Promise((r) => setTimeout(r, 100));
    expect(poolErrors.length).toBeGreaterThan(0);
    // The dead clients were dropped; the next queries get fresh connections.
    await expect(store.ping()).resolves.toBeUndefined();
    expect((await users()).status).toBe(200);
  });
});
