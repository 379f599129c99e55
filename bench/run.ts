/**
 * `npm run bench [-- <scenario>…]`: builds the server, the peers and the load generator, runs
 * each scenario against Parley and its peers in alternation (A B A B, BENCH_ROUNDS rounds),
 * prints the medians and the targets, and writes bench/results/<date>.json.
 * Environment: BENCH_SCALE (default 1 = the sizes), BENCH_ROUNDS (3), BENCH_WORKERS (4),
 * BENCH_SYSTEMS (a subset, by name), BENCH_PIN=0 (no taskset), BENCH_VERBOSE=1 (children's output).
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildAll } from "./lib/build.js";
import { hasTaskset, machineInfo } from "./lib/machine.js";
import { loadOptions } from "./lib/options.js";
import { renderScenario } from "./lib/report.js";
import { type ScenarioResult, saveResults } from "./lib/results.js";
import { median } from "./lib/stats.js";
import { fmt } from "./lib/table.js";
import { select } from "./scenarios/index.js";
import type { Metrics, Scenario } from "./scenarios/scenario.js";
import type { Harness, RunningSystem } from "./systems/system.js";

/** No run outlives this, whatever happens (children exit when the harness does). */
const WATCHDOG_MS = Number(process.env.BENCH_TIMEOUT_MIN ?? 180) * 60_000;

/** Rejects when a node of the system exits during its run (a crash must not hang the bench). */
function failOnExit(sys: RunningSystem): Promise<never> {
  return new Promise((_, reject) => {
    for (const n of sys.nodes) {
      void n.exited.then((code) => reject(new Error(`${n.name} exited with code ${code} during the run`)));
    }
  });
}

async function runScenario(h: Harness, s: Scenario): Promise<ScenarioResult> {
  const specs = h.options.systems.length
    ? s.systems.filter((x) => h.options.systems.includes(x.name))
    : s.systems;
  const plan = s.plan(h);
  const notes: string[] = [];
  for (const spec of specs) {
    const t0 = Date.now();
    await spec.prepare?.(h, plan);
    if (spec.prepare) console.log(`  prepared ${spec.name} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }
  const runs: Record<string, Metrics[]> = Object.fromEntries(specs.map((x) => [x.name, []]));
  const rounds = h.options.rounds;
  for (let round = 1; round <= rounds; round++) {
    for (const spec of specs) {
      const t0 = Date.now();
      let metrics: Metrics;
      const sys = await spec.start(h, plan);
      try {
        metrics = await Promise.race([s.run(h, sys), failOnExit(sys)]);
      } catch (err) {
        const msg = `round ${round}, ${spec.name}: ${(err as Error).message.split("\n")[0]}`;
        notes.push(msg);
        console.log(`  ! ${msg}`);
        metrics = {};
      } finally {
        await sys.stop();
      }
      runs[spec.name]?.push(metrics);
      const shown = s.metrics
        .slice(0, 3)
        .map((m) => `${m.label} ${fmt(metrics[m.key], m.digits ?? 0)}`)
        .join(", ");
      console.log(
        `  round ${round} ${spec.name.padEnd(18)} ${shown}  (${((Date.now() - t0) / 1000).toFixed(1)} s)`,
      );
    }
  }
  const medians = Object.fromEntries(
    Object.entries(runs).map(([name, list]) => {
      const keys = new Set(list.flatMap((m) => Object.keys(m)));
      return [
        name,
        Object.fromEntries([...keys].map((k) => [k, median(list.map((m) => m[k] ?? Number.NaN))])),
      ];
    }),
  );
  return {
    title: s.title,
    ranAt: new Date().toISOString(),
    scale: h.options.scale,
    rounds,
    sizes: s.sizes(h),
    runs,
    medians,
    targets: s.targets.map((t) => {
      const value = t.value(medians);
      return { label: t.label, goal: t.goal, value, met: !Number.isNaN(value) && t.met(value) };
    }),
    notes,
  };
}

async function main(): Promise<void> {
  const options = loadOptions();
  const scenarios = select(process.argv.slice(2));
  const pin = options.pin && hasTaskset();
  const root = mkdtempSync(join(tmpdir(), "parley-bench-"));
  let dirs = 0;
  const h: Harness = {
    options,
    scripts: await buildAll(),
    tmpDir: (prefix) => {
      const d = join(root, `${prefix}-${dirs++}`);
      mkdirSync(d, { recursive: true });
      return d;
    },
    serverCpus: pin ? "0" : undefined,
    loadCpus: pin ? "1" : undefined,
    appKey: `bench${randomBytes(6).toString("hex")}`,
    appSecret: randomBytes(32).toString("hex"),
  };
  const machine = machineInfo(pin);
  console.log(
    `Parley bench on ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB, Node ${machine.node}; ` +
      `${pin ? "server on CPU 0, load on CPU 1" : "not pinned"}; scale ${options.scale}, ${options.rounds} rounds`,
  );
  const results: Record<string, ScenarioResult> = {};
  try {
    for (const s of scenarios) {
      console.log(`\n${s.title}`);
      const r = await runScenario(h, s);
      results[s.id] = r;
      console.log(`\n${renderScenario(s, r)}`);
      saveResults(machine, { [s.id]: r });
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  const file = saveResults(machine, results);
  console.log(`\nResults: ${file}`);
}

const watchdog = setTimeout(() => {
  console.error(`bench: still running after ${WATCHDOG_MS / 60_000} min; stopping`);
  process.exit(2);
}, WATCHDOG_MS);
watchdog.unref();

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
