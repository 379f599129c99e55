/**
 * Message search latency on SQLite over 1,000,000 generated messages (not a test: run it on
 * purpose, read the table). `npx tsx bench/search/search-bench.ts [messages]`
 *
 * Generates users, channels, memberships and messages into a temporary store (the real
 * migrations, FTS5 triggers included; batched inserts in transactions), then times the search
 * service's newest-first page (10 results, what the SDK asks for) for rare and common words.
 */
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import SQLite from "better-sqlite3";
import { ChannelTypes } from "../../apps/server/src/domain/channels/channel-types.js";
import { SearchService } from "../../apps/server/src/domain/search/search-service.js";
import { openSqliteStore } from "../../apps/server/src/store/sqlite/sqlite-store.js";
import { COMMON, generateCorpus, RARE } from "./corpus.js";

const MESSAGES = Number(process.argv[2] ?? 1_000_000);
const USERS = 500;
const CHANNELS = 200;
const SEARCHER_CHANNELS = 20;
const RUNS = 300;
const WARMUP = 20;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "parley-search-bench-"));
  const file = join(dir, "bench.db");
  try {
    // The real migrations (FTS5 table, triggers, indexes) first, then bulk rows straight in.
    console.log(`Generating ${MESSAGES.toLocaleString("en")} messages…`);
    const { searcher, seconds } = await generateCorpus(file, {
      messages: MESSAGES,
      users: USERS,
      channels: CHANNELS,
      searcherChannels: SEARCHER_CHANNELS,
      progress: true,
    });

    const store = await openSqliteStore({ filename: file });
    const search = new SearchService(store, new ChannelTypes(store, () => new Date()));
    const actor = { userId: searcher, server: false };
    const cases: { name: string; queries: string[]; deep?: number }[] = [
      { name: "rare word, newest first", queries: RARE },
      { name: "common word, newest first", queries: COMMON },
      { name: "two common words", queries: ["the and", "of to", "water long"] },
      { name: "2-letter prefix (as you type)", queries: ["wo", "pe", "th"] },
      { name: "common word, 5th page (cursor)", queries: COMMON, deep: 4 },
    ];
    const rows: string[][] = [];
    for (const c of cases) {
      const times: number[] = [];
      let found = 0;
      for (let i = 0; i < WARMUP + RUNS; i++) {
        const q = c.queries[i % c.queries.length] as string;
        let next: string | undefined;
        for (let p = 0; p < (c.deep ?? 0); p++) next = (await search.messages(actor, { q, next })).next;
        const t0 = performance.now();
        const page = await search.messages(actor, { q, next });
        const dt = performance.now() - t0;
        if (i >= WARMUP) times.push(dt);
        found += page.results.length;
      }
      times.sort((a, b) => a - b);
      rows.push([
        c.name,
        String(RUNS),
        (found / (WARMUP + RUNS)).toFixed(1),
        percentile(times, 50).toFixed(2),
        percentile(times, 99).toFixed(2),
        (times.at(-1) ?? 0).toFixed(2),
      ]);
    }
    await store.close();

    const cpu = cpus();
    const sqliteVersion = new SQLite(":memory:").prepare("select sqlite_version() as v").get() as {
      v: string;
    };
    console.log("");
    console.log(`CPU:      ${cpu[0]?.model ?? "unknown"} (${cpu.length} logical cores)`);
    console.log(`Node:     ${process.version}   SQLite: ${sqliteVersion.v}`);
    console.log(
      `Corpus:   ${MESSAGES.toLocaleString("en")} messages, ${CHANNELS} channels, ${USERS} users; ` +
        `searcher in ${SEARCHER_CHANNELS} channels; generated in ${seconds.toFixed(1)} s; ` +
        `database ${(statSync(file).size / 2 ** 20).toFixed(0)} MiB`,
    );
    console.log("Measured: SearchService.messages (index lookup + rows + highlight), page of 10\n");
    const header = ["query", "runs", "results/page", "p50 ms", "p99 ms", "max ms"];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
    const line = (cells: string[]) =>
      `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join(" | ")} |`;
    console.log(line(header));
    console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
    for (const r of rows) console.log(line(r));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
