import { type AttemptLimiter, memoryAttemptLimiter } from "../domain/accounts/attempt-limiter.js";
import { countInWindow, type LimiterRedis } from "./limiter-redis.js";

/**
 * The sign-in attempt counters shared by every node: one Redis key per window, counted and
 * expired with the window in one script, so a limit holds however requests are spread. Keys are
 * namespaced by the deployment (its APP_KEY), so deployments may share one Redis. When Redis is
 * slow or down, attempts are counted on this node until it answers again (never an error).
 */
export function redisAttemptLimiter(
  redis: LimiterRedis,
  namespace: string,
  max: number,
  windowMs: number,
): AttemptLimiter {
  const prefix = `parley:${namespace}:attempts:${max}:${windowMs}:`;
  const local = memoryAttemptLimiter(max, windowMs);
  return {
    take(key, now) {
      return redis.guard.run(
        async () => {
          const { count, ttl } = await countInWindow(redis.client, prefix + key, windowMs);
          return count > max ? Math.max(ttl, 1) : 0;
        },
        () => local.take(key, now),
      );
    },
    async reset(key) {
      await local.reset(key);
      await redis.guard.run(
        async () => {
          await redis.client.del(prefix + key);
        },
        () => undefined,
      );
    },
  };
}
