/**
 * Fixed-window attempt counter: `take(key)` answers how long to wait when the key has used up
 * its attempts in the current window, or 0 when this attempt may go ahead.
 */
export interface AttemptLimiter {
  take(key: string, now: number): Promise<number>;
  /** Gives back the attempt `take` counted (one that succeeded and must not count against the key). */
  refund(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

export function memoryAttemptLimiter(max: number, windowMs: number): AttemptLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    async take(key, now) {
      let w = windows.get(key);
      if (!w || now - w.start >= windowMs) {
        w = { start: now, count: 0 };
        windows.set(key, w);
        if (windows.size > 100_000) sweep(now);
      }
      if (w.count >= max) return w.start + windowMs - now;
      w.count++;
      return 0;
    },
    async refund(key) {
      const w = windows.get(key);
      if (w && w.count > 0) w.count--;
    },
    async reset(key) {
      windows.delete(key);
    },
  };
  function sweep(now: number) {
    for (const [k, w] of windows) if (now - w.start >= windowMs) windows.delete(k);
  }
}
