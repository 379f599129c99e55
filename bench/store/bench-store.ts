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
  /**
   * Once the data is in: on PostgreSQL, ANALYZE the schema's tables, as autovacuum does in a
   * running deployment once a table has changed enough (a plan made without statistics guesses
   * every table nearly empty). Nothing on SQLite, whose store keeps no statistics.
   */
  analyze(): Promise<void>;
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
    const admin = async (run: (client: pg.Client) => Promise<unknown>) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await run(client);
      } finally {
        await client.end();
      }
    };
    return {
      store,
      engine: "PostgreSQL",
      analyze: () =>
        admin(async (client) => {
          const tables = await client.query<{ t: string }>(
            "select tablename as t from pg_tables where schemaname = $1",
            [schema],
          );
          for (const { t } of tables.rows) await client.query(`analyze ${schema}."${t}"`);
        }),
      async close() {
        await store.close();
        await admin((client) => client.query(`drop schema if exists ${schema} cascade`));
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), `parley-${name}-`));
  const store = await openSqliteStore({ filename: join(dir, `${name}.db`) });
  return {
    store,
    engine: "SQLite",
    analyze: async () => undefined,
    async close() {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
