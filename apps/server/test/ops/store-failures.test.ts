import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type SQLite from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "../../src/app.js";
import { openSqliteStore } from "../../src/store/sqlite/sqlite-store.js";
import { uniqueName } from "../helpers/test-server.js";
import { authedSocket } from "../helpers/ws-client.js";
import { type StoreServer, serveStore } from "./store-server.js";

/**
 * SQLite's writes failing for real on the server's own connection: `max_page_count` at the
 * database's size makes SQLite answer SQLITE_FULL as on a full disk, `query_only` makes it
 * answer SQLITE_READONLY. Sends answer 503 `unavailable`, /readyz fails until writes work again.
 */
describe("SQLite write failures", () => {
  let connection: SQLite.Database;
  let server: StoreServer;
  let app: App;
  let base: string;
  let token: string;
  let dataDir: string;
  let logs: string[];
  let cid: string;
  let path: string;

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), "parley-store-failures-"));
    const store = await openSqliteStore({
      filename: join(dir, "parley.db"),
      onOpen: (c) => {
        connection = c;
      },
    });
    server = await serveStore(store, dir);
    ({ app, base, token, dataDir, logs } = server);
    const id = uniqueName("c");
    path = `/channels/team/${id}`;
    cid = `team:${id}`;
    expect((await chat("POST", `${path}/query`, {})).status).toBe(200);
  });
  afterAll(() => server?.close());

  const chat = (method: string, p: string, body?: unknown) => server.chat(method, p, body);
  const send = (text: string) => chat("POST", `${path}/messages`, { message: { text } });
  const readyz = () => server.readyz();
  const readyWithin = async (ms: number) => {
    const deadline = Date.now() + ms;
    while (Date.now() < deadline) {
      if ((await readyz()).status === 200) return true;
      await new Promise((r) => setTimeout(r, 100));
    }
    return false;
  };

  it("answers a full disk with 503 unavailable, not ready until a write commits", async () => {
    expect((await readyz()).status).toBe(200);
    connection.pragma(`max_page_count = ${connection.pragma("page_count", { simple: true })}`);
    let refused: { status: number; body: any } | undefined;
    for (let i = 0; i < 500 && !refused; i++) {
      const r = await send(`${i} ${"x".repeat(2000)}`);
      if (r.status !== 201) refused = r;
    }
    expect(refused?.status).toBe(503);
    expect(refused?.body.error.code).toBe("unavailable");
    expect(refused?.body.error.message).toMatch(/disk is full: free space on the volume holding DATA_DIR/);
    expect(refused?.body.error.message).not.toContain(dataDir);
    // Sends that share a group commit with a refused one are refused alike, never a 500.
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) => send(`burst ${i} ${"y".repeat(4900)}`)),
    );
    expect(burst.filter((r) => r.status !== 201).map((r) => [r.status, r.body.error.code])).toEqual(
      burst.filter((r) => r.status !== 201).map(() => [503, "unavailable"]),
    );
    expect(burst.some((r) => r.status === 503)).toBe(true);

    const notReady = await readyz();
    expect(notReady.status).toBe(503);
    expect(notReady.body.error).toMatchObject({ code: "unavailable", message: refused?.body.error.message });
    // The operator's line, once, with the directory; never a 500's "request failed".
    const failing = logs.filter((l) => l.includes("database writes fail"));
    expect(failing).toHaveLength(1);
    expect(JSON.parse(failing[0]!)).toMatchObject({
      level: 50,
      data_dir: dataDir,
      err: expect.stringMatching(/SQLITE_FULL/),
    });
    expect(logs.some((l) => l.includes("request failed"))).toBe(false);

    connection.pragma("max_page_count = 1073741823");
    expect((await send("room again")).status).toBe(201);
    expect((await readyz()).status).toBe(200);
    expect(logs.some((l) => l.includes("database writes work again"))).toBe(true);
  });

  it("answers a read-only database with 503 on REST and the WebSocket, ready again by itself", async () => {
    const socket = await authedSocket(`${base.replace("http", "ws")}/chat/connect`, app.appKey, token);
    connection.pragma("query_only = ON");
    try {
      const refused = await send("nowhere to go");
      expect(refused.status).toBe(503);
      expect(refused.body.error).toMatchObject({
        code: "unavailable",
        message: expect.stringMatching(/read-only .*make DATA_DIR and its files writable/),
      });
      socket.send({ type: "send", req_id: "ro", cid, message: { text: "over the socket" } });
      const frame = await socket.next((f) => f.type === "error" && f.req_id === "ro");
      expect(frame).toMatchObject({ code: "unavailable", message: refused.body.error.message });
      // Reads still work; the node is not ready all the same.
      expect((await chat("GET", `${path}/messages?limit=1`)).status).toBe(200);
      expect((await readyz()).status).toBe(503);
      expect((await readyz()).status).toBe(503);
    } finally {
      connection.pragma("query_only = OFF");
    }
    // No send needed: /readyz's own probe write commits.
    expect(await readyWithin(5_000)).toBe(true);
    socket.send({ type: "send", req_id: "rw", cid, message: { text: "over the socket" } });
    expect(await socket.next((f) => f.type === "send.ok" && f.req_id === "rw")).toMatchObject({
      created: true,
    });
    socket.close();
  });
});
