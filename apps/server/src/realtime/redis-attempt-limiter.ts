import { type AttemptLimiter, memoryAttemptLimiter } from "../domain/accounts/attempt-limiter.js";
import { countInWindow, type LimiterRedis } from "./limiter-redis.js";

/** One attempt back, in the window that counted it; no key (the window ended) is left alone. */
const REFUND = `if redis.call("exists", KEYS[1]) == 1 and tonumber(redis.call("get", KEYS[1])) > 0 then
  return redis.call("decr", KEYS[1]) end return 0`;

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
    async refund(key) {
      await local.refund(key);
      await redis.guard.run(
        async () => {
          await redis.client.eval(REFUND, 1, prefix + key);
        },
        () => undefined,
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
