import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import SQLite from "better-sqlite3";
import { afterAll, describe, expect, it, vi } from "vitest";
import { openSqliteStore } from "../../src/store/sqlite/sqlite-store.js";
import { accountRow } from "../../src/store/testing/fixtures.js";

const dir = mkdtempSync(join(tmpdir(), "parley-checkpointer-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** 2 MB of rows, committed in 40 transactions: about 500 pages of WAL. */
async function write(store: Awaited<ReturnType<typeof openSqliteStore>>) {
  const rows = Array.from({ length: 100 }, () => accountRow({ profile_picture: "x".repeat(20_000) }));
  for (let i = 0; i < rows.length; i += 5) {
    await store.transaction(async (tx) => {
      for (const row of rows.slice(i, i + 5)) await tx.accounts.insert(row);
    });
  }
  return rows;
}

describe("SQLite checkpoints on a worker thread", () => {
  it("copies committed pages into the database file while the connection itself never checkpoints", async () => {
    const file = join(dir, "worker.db");
    const store = await openSqliteStore({ filename: file });
    const before = statSync(file).size;
    const rows = await write(store);
    // Below SQLite's own threshold of 1,000 pages, only the worker moves pages into the file.
    await vi.waitFor(() => expect(statSync(file).size - before).toBeGreaterThan(1_500_000), {
      timeout: 10_000,
      interval: 50,
    });
    for (const row of [rows[0], rows.at(-1)]) expect(await store.accounts.get(row!.id)).toEqual(row);
    await store.close();

    const check = new SQLite(file, { readonly: true });
    expect(check.pragma("integrity_check", { simple: true })).toBe("ok");
    expect(check.prepare("select count(*) from accounts").pluck().get()).toBe(rows.length);
    check.close();
  });

  it("closes the store before the process may end, with nothing else left to run", () => {
    const storeModule = fileURLToPath(new URL("../../src/store/sqlite/sqlite-store.ts", import.meta.url));
    const script = `import { openSqliteStore } from ${JSON.stringify(storeModule)};
      const store = await openSqliteStore({ filename: ${JSON.stringify(join(dir, "close.db"))} });
      await store.close();
      console.log("closed");`;
    const out = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      encoding: "utf8",
    });
    expect(out.trim()).toBe("closed");
  });

  it("leaves an in-memory database to SQLite", async () => {
    const store = await openSqliteStore({ filename: ":memory:" });
    const rows = await write(store);
    expect(await store.accounts.get(rows[0]!.id)).toEqual(rows[0]);
    await store.close();
  });
});
