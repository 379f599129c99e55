import fc from "fast-check";

/**
 * vitest setup file (vitest.config.ts, vitest.long.config.ts): every fast-check property of a
 * run takes one seed, `PARLEY_SEED` when set and a fixed default otherwise, so a run and its
 * failures replay exactly. A failure reports the seed and the path of its shrunk counterexample.
 */
const DEFAULT_SEED = 1;

export function seedFrom(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === "") return DEFAULT_SEED;
  const seed = Number(raw);
  if (!Number.isInteger(seed) || seed < -(2 ** 31) || seed >= 2 ** 31) {
    throw new Error(`PARLEY_SEED must be a 32-bit integer, as a failure reports it; got "${raw}"`);
  }
  return seed;
}

export const TEST_SEED = seedFrom(process.env.PARLEY_SEED);

fc.configureGlobal({ seed: TEST_SEED });
