/** How long a count waits for Redis before it is counted on this node instead. */
export const REDIS_DEADLINE_MS = 250;
/** While Redis is failing, how often one count tries it again; the others are counted locally at once. */
export const REDIS_RETRY_MS = 1_000;

export interface RedisGuard {
  /**
   * `call()`'s answer when Redis gives it within the deadline, else `fallback()`'s. Never
   * rejects because of Redis. While Redis is failing, `fallback()` answers at once, but for one
   * call every `retryMs` that tries Redis again; the first that succeeds ends the outage.
   */
  run<T>(call: () => Promise<T>, fallback: () => T | Promise<T>): Promise<T>;
}

/**
 * A circuit breaker for the limiters' Redis: a paused Redis (connection open, no answers) costs
 * one count the deadline, not every request the whole pause; a dead one fails at once (the
 * client keeps no offline queue). `onDown` hears each start of an outage.
 */
export function redisGuard(
  opts: { deadlineMs?: number; retryMs?: number; onDown?: (err: Error) => void } = {},
): RedisGuard {
  const deadlineMs = opts.deadlineMs ?? REDIS_DEADLINE_MS;
  const retryMs = opts.retryMs ?? REDIS_RETRY_MS;
  /** 0 while Redis answers; else when the next call may try it again. */
  let retryAt = 0;
  return {
    async run<T>(call: () => Promise<T>, fallback: () => T | Promise<T>): Promise<T> {
      if (retryAt !== 0) {
        if (Date.now() < retryAt) return fallback();
        retryAt = Date.now() + retryMs;
      }
      let answer: T;
      try {
        answer = await withDeadline(call(), deadlineMs);
      } catch (err) {
        if (retryAt === 0) opts.onDown?.(err as Error);
        retryAt = Date.now() + retryMs;
        return fallback();
      }
      retryAt = 0;
      return answer;
    },
  };
}

function withDeadline<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    // After a busy spell of this process, timers run before pending I/O is read: give an answer
    // that is already here one turn of I/O before calling it late.
    const fail = () => reject(new Error(`Redis did not answer within ${ms} ms`));
    timer = setTimeout(() => setImmediate(fail), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}
