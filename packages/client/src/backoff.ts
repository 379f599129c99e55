/**
 * Exponential backoff with FULL jitter (AWS architecture blog, "Exponential Backoff And Jitter"):
 * the n-th retry waits a uniformly random time in [0, min(cap, base · 2^n)).
 */

export interface BackoffOptions {
  /** Delay ceiling of the first retry, in ms. */
  baseMs?: number;
  /** Upper bound of any delay, in ms. */
  capMs?: number;
  /** Source of randomness in [0, 1); injectable for tests. */
  random?: () => number;
}

export const DEFAULT_BACKOFF_BASE_MS = 500;
export const DEFAULT_BACKOFF_CAP_MS = 30_000;

/** The upper bound of the n-th (0-based) delay: min(cap, base · 2^n). */
export function backoffCeiling(
  attempt: number,
  baseMs = DEFAULT_BACKOFF_BASE_MS,
  capMs = DEFAULT_BACKOFF_CAP_MS,
): number {
  const n = Math.max(0, Math.floor(attempt));
  // 2^n overflows to Infinity for huge n; Math.min takes care of it.
  return Math.min(capMs, baseMs * 2 ** n);
}

/** A full-jitter delay for the n-th (0-based) retry. */
export function fullJitterDelay(attempt: number, options: BackoffOptions = {}): number {
  const random = options.random ?? Math.random;
  const ceiling = backoffCeiling(attempt, options.baseMs, options.capMs);
  return Math.floor(random() * ceiling);
}

/** Stateful helper: `next()` gives the next delay and counts the attempt; `reset()` after a success. */
export class Backoff {
  #attempt = 0;
  readonly #options: BackoffOptions;

  constructor(options: BackoffOptions = {}) {
    this.#options = options;
  }

  get attempt(): number {
    return this.#attempt;
  }

  next(): number {
    const delay = fullJitterDelay(this.#attempt, this.#options);
    this.#attempt += 1;
    return delay;
  }

  reset(): void {
    this.#attempt = 0;
  }
}
