/**
 * What a query costs while others wait for SQLite's one connection: Kysely's own SQLite dialect
 * against Parley's (apps/server/src/store/sqlite/fifo-sqlite-dialect.ts), both over Parley's
 * statement cache. `n` callers at once each read a user by id 4 times in a row, as a request
 * does; alternating the two, 3 rounds, medians. `npx tsx bench/sqlite/connection-queue.ts`
 */
import SQLite from "better-sqlite3";
import { type Dialect, Kysely, SqliteDialect, type SqliteDialectConfig, sql } from "kysely";
import { FifoSqliteDialect } from "../../apps/server/src/store/sqlite/fifo-sqlite-dialect.js";
import { statementCache } from "../../apps/server/src/store/sqlite/statement-cache.js";
import { percentile, sortedCopy } from "../lib/stats.js";

const WAITING = [1, 10, 100, 1_000, 10_000];
const READS = 4;
const ROUNDS = 3;
const dialects: Record<string, (c: SqliteDialectConfig) => Dialect> = {
  kysely: (c) => new SqliteDialect(c),
  parley: (c) => new FifoSqliteDialect(c),
};

async function microsPerQuery(make: (c: SqliteDialectConfig) => Dialect, callers: number): Promise<number> {
  const raw = new SQLite(":memory:");
  raw.exec("create table users (id text primary key, name text not null)");
  const insert = raw.prepare("insert into users values (?, ?)");
  for (let i = 0; i < 1000; i++) insert.run(`u${i}`, `user ${i}`);
  const db = new Kysely<{ users: { id: string; name: string } }>({
    dialect: make({ database: statementCache(raw) }),
  });
  const read = (i: number) =>
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
  const times: Record<string, number[]> = { kysely: [], parley: [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, make] of Object.entries(dialects))
      times[name]!.push(await microsPerQuery(make, callers));
  }
  const median = (name: string) => percentile(sortedCopy(times[name]!), 50);
  const [k, p] = [median("kysely"), median("parley")];
  rows.push(
    `| ${callers.toLocaleString("en-US")} | ${k.toFixed(1)} | ${p.toFixed(1)} | ${(p / k).toFixed(2)} |`,
  );
}
console.log(`Medians of ${ROUNDS} rounds, ${READS} reads per caller\n`);
console.log("| callers at once | Kysely's dialect µs/query | Parley's µs/query | ratio |");
console.log("|---:|---:|---:|---:|");
for (const row of rows) console.log(row);
