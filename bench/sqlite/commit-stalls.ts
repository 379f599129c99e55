/**
 * How long SQLite COMMITs block the event loop when SQLite checkpoints inside them (its default:
 * the COMMIT that crosses 1,000 WAL pages copies them into the database file and fsyncs it) and
 * when Parley's worker thread checkpoints instead (apps/server/src/store/sqlite/checkpointer.ts).
 * A P3-like write load: 200 commits/s of 5 rows of 1.5 KB, WAL, synchronous=FULL, alternating
 * the two modes. `npx tsx bench/sqlite/commit-stalls.ts [seconds per run] [pairs]`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { startCheckpointer } from "../../apps/server/src/store/sqlite/checkpointer.js";
import { percentile, sortedCopy } from "../lib/stats.js";

const seconds = Number(process.argv[2] ?? 20);
const pairs = Number(process.argv[3] ?? 3);
const dir = mkdtempSync(join(tmpdir(), "parley-commit-stalls-"));

async function run(mode: "in COMMIT" | "worker", round: number): Promise<void> {
  const file = join(dir, `${round}-${mode === "worker" ? "worker" : "commit"}.db`);
  const db = new SQLite(file);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = FULL");
  db.exec("create table m (id integer primary key, cid text, body text); create index m_cid on m (cid, id)");
  const checkpointer = mode === "worker" ? startCheckpointer(db, file) : undefined;
  const insert = db.prepare("insert into m (cid, body) values (?, ?)");
  const body = "x".repeat(1500);
  const commit = db.transaction((n: number) => {
    for (let i = 0; i < 5; i++) insert.run(`c${(n * 7 + i) % 500}`, body);
  });
  const times: number[] = [];
  const end = Date.now() + seconds * 1000;
  for (let n = 0; Date.now() < end; n++) {
    const t0 = performance.now();
    commit(n);
    times.push(performance.now() - t0);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await checkpointer?.stop();
  db.close();
  const sorted = sortedCopy(times);
  const ms = (v: number) => v.toFixed(2).padStart(7);
  console.log(
    `${mode.padEnd(9)}  commits ${String(times.length).padStart(5)}  p50 ${ms(percentile(sorted, 50))}  p99 ${ms(percentile(sorted, 99))}  p99.9 ${ms(percentile(sorted, 99.9))}  max ${ms(sorted.at(-1) ?? 0)}  over 5 ms ${sorted.filter((t) => t > 5).length}`,
  );
}

console.log(`checkpoints in the COMMIT vs on a worker thread: ${pairs} pairs of ${seconds} s, times in ms`);
for (let round = 0; round < pairs; round++) {
  await run("in COMMIT", round);
  await run("worker", round);
}
rmSync(dir, { recursive: true, force: true });
