import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPostgresStore } from "../../src/store/postgres/postgres-store.js";
import type { Store } from "../../src/store/store.js";
import { requirePostgres } from "../helpers/required-services.js";
import { uniqueName } from "../helpers/test-server.js";
import { type StoreServer, serveStore } from "./store-server.js";

const url = process.env.DATABASE_URL;

async function admin(statement: string, params: unknown[] = []): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement, params);
  } finally {
    await client.end();
  }
}

/**
 * A database whose sessions are read-only, as on a hot standby: `default_transaction_read_only`
 * set on a database of this test's own (other test files share the server), its sessions ended so
 * the pool reconnects under the setting. Writes fail with SQLSTATE 25006.
 */
describe.skipIf(!url)("PostgreSQL read-only", () => {
  const dbName = `parley_ro_${randomBytes(6).toString("hex")}`;
  let store: Store;
  let server: StoreServer;
  let path: string;

  const endSessions = async () => {
    await admin("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1", [dbName]);
    // The pool drops the ended clients as they report it; then queries get fresh sessions.
    const deadline = Date.now() + 5_000;
    for (;;) {
      try {
        await store.ping();
        return;
      } catch (err) {
        if (Date.now() > deadline) throw err;
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  };

  beforeAll(requirePostgres);
  beforeAll(async () => {
    await admin(`create database ${dbName}`);
    const dbUrl = new URL(url!);
    dbUrl.pathname = `/${dbName}`;
    store = await openPostgresStore({ url: dbUrl.toString(), poolSize: 2, onPoolError: () => undefined });
    server = await serveStore(store);
    path = `/channels/team/${uniqueName("c")}`;
    expect((await chat("POST", `${path}/query`, {})).status).toBe(200);
  });
  afterAll(async () => {
    await server?.close();
    await admin(`drop database if exists ${dbName} with (force)`);
  });

  const chat = (method: string, p: string, body?: unknown) => server.chat(method, p, body);
  const send = (text: string) => chat("POST", `${path}/messages`, { message: { text } });
  const readyz = () => server.readyz();

  it("answers writes 503 unavailable while read-only, and is ready again after", async () => {
    expect((await readyz()).status).toBe(200);
    await admin(`alter database ${dbName} set default_transaction_read_only = on`);
    await endSessions();

    const refused = await send("to a standby");
    expect(refused.status).toBe(503);
    expect(refused.body.error).toMatchObject({
      code: "unavailable",
      message: expect.stringMatching(/read-only .*point DATABASE_URL at the primary/),
    });
    expect(store.health.failure?.detail).toMatch(/^25006: cannot execute \w+ in a read-only transaction/);
    // Reads work; /readyz's ping alone would say ready, its probe write says not.
    expect((await chat("GET", `${path}/messages?limit=1`)).status).toBe(200);
    const notReady = await readyz();
    expect(notReady.status).toBe(503);
    expect(notReady.body.error?.message).toBe(refused.body.error.message);

    await admin(`alter database ${dbName} reset default_transaction_read_only`);
    await endSessions();
    const deadline = Date.now() + 5_000;
    while ((await readyz()).status !== 200 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    expect((await readyz()).status).toBe(200);
    expect((await send("to the primary")).status).toBe(201);
  });
});
