/**
 * What a read pays for being a read transaction of its own: in WAL mode every statement run
 * outside a transaction takes and drops a read mark in the `-shm` file. A channel-sized row read
 * by its key, on a WAL database file as the store opens it, outside a transaction and inside one
 * (BEGIN … COMMIT around the batch); alternating, 5 rounds of 20,000 reads, medians of wall time
 * per read. `npx tsx bench/sqlite/read-transaction.ts`
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { median } from "../lib/stats.js";

const ROWS = 1000;
const READS = 20_000;
const ROUNDS = 5;
/** About as many statements as the app's channel list runs on SQLite (docs/performance.md, P5). */
const LIST_STATEMENTS = 40;

const dir = mkdtempSync(join(tmpdir(), "parley-read-tx-"));
const db = new SQLite(join(dir, "bench.db"));
db.pragma("journal_mode = WAL");
db.pragma("synchronous = FULL");
db.exec("create table channels (cid text primary key, name text not null, config text not null)");
const insert = db.prepare("insert into channels values (?, ?, ?)");
db.transaction(() => {
  for (let i = 0; i < ROWS; i++) insert.run(`messaging:c${i}`, `channel ${i}`, "x".repeat(300));
})();
const read = db.prepare("select * from channels where cid = ?");

function microsPerRead(inTransaction: boolean): number {
  const start = process.hrtime.bigint();
  if (inTransaction) db.exec("begin");
  for (let i = 0; i < READS; i++) read.get(`messaging:c${i % ROWS}`);
  if (inTransaction) db.exec("commit");
  return Number(process.hrtime.bigint() - start) / READS / 1000;
}

const alone: number[] = [];
const together: number[] = [];
microsPerRead(false);
microsPerRead(true);
for (let r = 0; r < ROUNDS; r++) {
  alone.push(microsPerRead(false));
  together.push(microsPerRead(true));
}
db.close();
rmSync(dir, { recursive: true, force: true });

const a = median(alone);
const t = median(together);
console.log("| read | µs a read (median of rounds) |");
console.log("|---|---:|");
console.log(`| a read transaction of its own | ${a.toFixed(2)} |`);
console.log(`| inside one transaction | ${t.toFixed(2)} |`);
console.log(
  `\nsaved: ${(a - t).toFixed(2)} µs a read (${(a / t).toFixed(2)}×); ` +
    `${LIST_STATEMENTS} statements: ${(((a - t) * LIST_STATEMENTS) / 1000).toFixed(3)} ms`,
);
