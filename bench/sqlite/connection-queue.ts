/**
 * What a query costs while others wait for SQLite's one connection: Kysely's own SQLite dialect
 * against Parley's (apps/server/src/store/sqlite/fifo-sqlite-dialect.ts), both over Parley's
 * statement cache, and Parley's as its store runs a prepared query (apps/server/src/store/kysely/
 * prepared.ts: at once while no transaction is open). `n` callers at once each read a user by id
 * 4 times in a row, as a request does; alternating the three, 3 rounds, medians.
 * `npx tsx bench/sqlite/connection-queue.ts`
 */
import SQLite from "better-sqlite3";
import { type Dialect, Kysely, SqliteDialect, type SqliteDialectConfig, sql } from "kysely";
import type { Db } from "../../apps/server/src/store/kysely/executor.js";
import { FifoSqliteDialect } from "../../apps/server/src/store/sqlite/fifo-sqlite-dialect.js";
import { sqlitePreparedQueries } from "../../apps/server/src/store/sqlite/sqlite-store.js";
import { statementCache } from "../../apps/server/src/store/sqlite/statement-cache.js";
import { percentile, sortedCopy } from "../lib/stats.js";

const WAITING = [1, 10, 100, 1_000, 10_000];
const READS = 4;
const ROUNDS = 3;
interface Variant {
  dialect: (c: SqliteDialectConfig) => Dialect;
  /** Reads through the store's prepared queries, which run at once while no transaction is open. */
  prepared?: boolean;
}
const variants: Record<string, Variant> = {
  kysely: { dialect: (c) => new SqliteDialect(c) },
  parley: { dialect: (c) => new FifoSqliteDialect(c) },
  prepared: { dialect: (c) => new FifoSqliteDialect(c), prepared: true },
};

async function microsPerQuery(variant: Variant, callers: number): Promise<number> {
  const raw = new SQLite(":memory:");
  raw.exec("create table users (id text primary key, name text not null)");
  const insert = raw.prepare("insert into users values (?, ?)");
  for (let i = 0; i < 1000; i++) insert.run(`u${i}`, `user ${i}`);
  const dialect = variant.dialect({ database: statementCache(raw) });
  const db = new Kysely<{ users: { id: string; name: string } }>({ dialect });
  const queries =
    variant.prepared && dialect instanceof FifoSqliteDialect
      ? sqlitePreparedQueries(db as unknown as Db, dialect, raw)
      : undefined;
  const read = queries
    ? (i: number) =>
        queries.run(db as unknown as Db, "users.get", [`u${i % 1000}`], (id) =>
          db.selectFrom("users").selectAll().where("id", "=", id),
        )
    : (i: number) =>
        db
          .selectFrom("users")
          .selectAll()
          .where("id", "=", `u${i % 1000}`)
          .execute();
  await Promise.all(Array.from({ length: 100 }, (_, i) => read(i)));
  await sql`select 1`.execute(db);
  const start = performance.now();
  await Promise.all(
    Array.from({ length: callers }, async (_, i) => {
      for (let r = 0; r < READS; r++) await read(i + r);
    }),
  );
  const micros = ((performance.now() - start) * 1000) / (callers * READS);
  await db.destroy();
  return micros;
}

const rows: string[] = [];
for (const callers of WAITING) {
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(variants).map((name) => [name, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, variant] of Object.entries(variants))
      times[name]!.push(await microsPerQuery(variant, callers));
  }
  const median = (name: string) => percentile(sortedCopy(times[name]!), 50);
  const [k, p, q] = [median("kysely"), median("parley"), median("prepared")];
  rows.push(
    `| ${callers.toLocaleString("en-US")} | ${k.toFixed(1)} | ${p.toFixed(1)} | ${q.toFixed(1)} | ${(q / k).toFixed(2)} |`,
  );
}
console.log(`Medians of ${ROUNDS} rounds, ${READS} reads per caller\n`);
console.log(
  "| callers at once | Kysely's dialect µs/query | Parley's µs/query | Parley's, prepared, µs/query | prepared / Kysely |",
);
console.log("|---:|---:|---:|---:|---:|");
for (const row of rows) console.log(row);
