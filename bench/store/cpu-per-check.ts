import { median } from "../lib/stats.js";

export interface CheckOptions {
  /** Checks a variant makes in a round. */
  checks: number;
  /** Callers at once, each making its next check when its last one is done. */
  callers: number;
  /** Rounds of every variant in turn; the first warms up and is not counted. */
  rounds: number;
}

/**
 * Runs each variant in turn, round after round, and prints this process's CPU µs per check,
 * the median of the counted rounds, with the last variant's ratio to the first.
 */
export async function compareCpuPerCheck(
  title: string,
  variants: Record<string, () => Promise<unknown>>,
  opts: CheckOptions,
): Promise<void> {
  const samples: Record<string, number[]> = Object.fromEntries(Object.keys(variants).map((k) => [k, []]));
  for (let round = 0; round < opts.rounds; round++) {
    for (const [name, check] of Object.entries(variants)) {
      const before = process.cpuUsage();
      let started = 0;
      await Promise.all(
        Array.from({ length: opts.callers }, async () => {
          while (started++ < opts.checks) await check();
        }),
      );
      const used = process.cpuUsage(before);
      if (round > 0) samples[name]?.push((used.user + used.system) / opts.checks);
    }
  }
  const medians = Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, median(v)]));
  const names = Object.keys(medians);
  const width = Math.max(...names.map((n) => n.length)) + 2;
  console.log(`${title}: CPU µs per check, median of ${opts.rounds - 1} rounds`);
  for (const name of names) console.log(`  ${name.padEnd(width)} ${(medians[name] ?? 0).toFixed(1)}`);
  const [first, last] = [names[0] as string, names[names.length - 1] as string];
  console.log(`  ${last} / ${first}: ${((medians[last] ?? 0) / (medians[first] ?? 1)).toFixed(2)}×`);
}
