import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { openPostgresStore } from "../../apps/server/src/store/postgres/postgres-store.js";
import { openSqliteStore } from "../../apps/server/src/store/sqlite/sqlite-store.js";
import type { Store } from "../../apps/server/src/store/store.js";

export interface BenchStore {
  store: Store;
  engine: "SQLite" | "PostgreSQL";
  /** Closes the store and removes what it made: the SQLite file's directory, or the schema. */
  close(): Promise<void>;
}

/**
 * A store of its own for a store benchmark: SQLite in a new temporary directory, or, given a
 * PostgreSQL URL (the benchmark's argument), the schema `name` in that database, dropped by
 * `close`.
 */
export async function openBenchStore(name: string, url: string | undefined): Promise<BenchStore> {
  if (url) {
    const schema = `parley_bench_${name.replace(/-/g, "_")}`;
    const store = await openPostgresStore({ url, schema });
    return {
      store,
      engine: "PostgreSQL",
      async close() {
        await store.close();
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        await client.query(`drop schema if exists ${schema} cascade`);
        await client.end();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), `parley-${name}-`));
  const store = await openSqliteStore({ filename: join(dir, `${name}.db`) });
  return {
    store,
    engine: "SQLite",
    async close() {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
