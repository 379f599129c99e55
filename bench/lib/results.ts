import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Metrics } from "../scenarios/scenario.js";
import { BENCH_DIR } from "./build.js";
import type { MachineInfo } from "./machine.js";

export interface TargetResult {
  label: string;
  goal: string;
  value: number;
  met: boolean;
}

export interface ScenarioResult {
  title: string;
  ranAt: string;
  scale: number;
  rounds: number;
  sizes: Record<string, number | string>;
  /** system → one Metrics per round, in the order run. */
  runs: Record<string, Metrics[]>;
  medians: Record<string, Metrics>;
  targets: TargetResult[];
  notes: string[];
  /** The machine this scenario ran on (a day's file can merge runs from different machines). */
  machine?: MachineInfo;
}

export interface ResultsFile {
  machine: MachineInfo;
  scenarios: Record<string, ScenarioResult>;
}

/** bench/results/<yyyy-mm-dd>.json; a day's runs of single scenarios merge into it. */
export function saveResults(machine: MachineInfo, scenarios: Record<string, ScenarioResult>): string {
  const dir = join(BENCH_DIR, "results");
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${new Date().toISOString().slice(0, 10)}.json`);
  const prior: ResultsFile | undefined = existsSync(file)
    ? (JSON.parse(readFileSync(file, "utf8")) as ResultsFile)
    : undefined;
  const stamped = Object.fromEntries(
    Object.entries(scenarios).map(([id, r]) => [id, { ...r, machine: r.machine ?? machine }]),
  );
  const out: ResultsFile = { machine, scenarios: { ...prior?.scenarios, ...stamped } };
  writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
  return file;
}
