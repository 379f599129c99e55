import type { Redis } from "ioredis";
import type { AttemptLimiter } from "../domain/accounts/attempt-limiter.js";

/**
 * The sign-in attempt counters shared by every node: one Redis key per window, counted with
 * INCR and expired with the window, so a limit holds however requests are spread. Keys are
 * namespaced by the deployment (its APP_KEY), so deployments may share one Redis.
 */
export function redisAttemptLimiter(
  redis: Redis,
  namespace: string,
  max: number,
  windowMs: number,
): AttemptLimiter {
  const prefix = `parley:${namespace}:attempts:${max}:${windowMs}:`;
  return {
    async take(key) {
      const k = prefix + key;
      const [[, count], [, ttl]] = (await redis.multi().incr(k).pttl(k).exec()) as [
        [null, number],
        [null, number],
      ];
      if (ttl < 0) await redis.pexpire(k, windowMs);
      return count > max ? Math.max(ttl, 1) : 0;
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}
