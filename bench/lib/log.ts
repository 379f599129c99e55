const t0 = Date.now();

/** Progress lines for BENCH_VERBOSE=1 runs. */
export function debug(...parts: unknown[]): void {
  if (!process.env.BENCH_VERBOSE) return;
  console.log(`  [${((Date.now() - t0) / 1000).toFixed(1)}s]`, ...parts);
}
