/**
 * Prints a results file (default: the newest in bench/results) as Markdown tables, the ones
 * `npm run bench` printed: `npx tsx bench/report.ts [file]`.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { BENCH_DIR } from "./lib/build.js";
import { describeMachine, renderScenario } from "./lib/report.js";
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
const machines = new Set(
  Object.values(results.scenarios).map((r) => describeMachine(r.machine ?? results.machine)),
);
if (machines.size === 1) console.log(`Machine: ${[...machines][0]}.\n`);
for (const s of SCENARIOS) {
  const r = results.scenarios[s.id];
  if (r) console.log(`${renderScenario(s, r)}\n`);
}
