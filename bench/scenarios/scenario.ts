import type { SeedPlan } from "../systems/seed.js";
import type { Harness, RunningSystem, SystemSpec } from "../systems/system.js";

export type Metrics = Record<string, number>;

export interface MetricDef {
  key: string;
  label: string;
  /** Digits after the point in the table. */
  digits?: number;
}

/** A target from issue 11, checked on the medians of one run. */
export interface TargetDef {
  label: string;
  /** The value compared (a ratio or an absolute figure), or NaN when a system did not run. */
  value(medians: Record<string, Metrics>): number;
  /** "≤ 1.25×", "≥ 25,000/s" … */
  goal: string;
  met(value: number): boolean;
}

export interface Scenario {
  id: string;
  title: string;
  /** Parley first; the peers after it. */
  systems: SystemSpec[];
  metrics: MetricDef[];
  targets: TargetDef[];
  /** The sizes used at this scale, for the table and the results file. */
  sizes(h: Harness): Record<string, number | string>;
  plan(h: Harness): SeedPlan;
  /** One measured run against a started system. */
  run(h: Harness, sys: RunningSystem): Promise<Metrics>;
}

export const ratio =
  (metric: string, a: string, b: string) =>
  (m: Record<string, Metrics>): number =>
    (m[a]?.[metric] ?? Number.NaN) / (m[b]?.[metric] ?? Number.NaN);

export const value =
  (metric: string, system: string) =>
  (m: Record<string, Metrics>): number =>
    m[system]?.[metric] ?? Number.NaN;

export const atMost = (limit: number) => (v: number) => v <= limit;
export const atLeast = (limit: number) => (v: number) => v >= limit;
