/**
 * Prints a results file (default: the newest in bench/results) as the Markdown that
 * docs/performance.md shows: `npx tsx bench/report.ts [file]`.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { BENCH_DIR } from "./lib/build.js";
import { renderScenario } from "./lib/report.js";
import type { ResultsFile } from "./lib/results.js";
import { SCENARIOS } from "./scenarios/index.js";

const dir = join(BENCH_DIR, "results");
const file =
  process.argv[2] ??
  join(
    dir,
    readdirSync(dir)
      .filter((f) => f.endsWith(".json"))
      .sort()
      .at(-1) ?? "",
  );
const results = JSON.parse(readFileSync(file, "utf8")) as ResultsFile;
const m = results.machine;
console.log(
  `Machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB, Node ${m.node}, ${m.os}; ` +
    `${m.pinned ? "server pinned to CPU 0, load to CPU 1" : "not pinned"}.\n`,
);
for (const s of SCENARIOS) {
  const r = results.scenarios[s.id];
  if (r) console.log(`${renderScenario(s, r)}\n`);
}
