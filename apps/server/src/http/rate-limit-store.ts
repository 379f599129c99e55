import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import { BoundedMap } from "../lib/bounded-map.js";
import { countInWindow, type LimiterRedis } from "../realtime/limiter-redis.js";

/** Keys counted locally while Redis is away; the oldest are forgotten first. */
const LOCAL_KEYS = 100_000;

type Count = { current: number; ttl: number };

/**
 * A store for @fastify/rate-limit whose counts live in Redis (shared by every node) and, when
 * Redis is slow or down (see RedisGuard), on this node until Redis answers again; so a request
 * waits at most the guard's deadline and never fails. The plugin's own Redis store has no
 * timeout: a paused Redis held every request for the whole pause.
 */
export function guardedStore(
  redis: LimiterRedis,
  prefix: string,
  windowMs: number,
): FastifyRateLimitStoreCtor {
  const local = localWindows(windowMs);
  const count = async (key: string): Promise<Count> => {
    const { count, ttl } = await countInWindow(redis.client, prefix + key, windowMs);
    return { current: count, ttl };
  };
  return class GuardedStore implements FastifyRateLimitStore {
    incr(key: string, done: (error: Error | null, result?: Count) => void): void {
      redis.guard
        .run(
          () => count(key),
          () => local(key),
        )
        .then(
          (res) => done(null, res),
          (err: Error) => done(err),
        );
    }

    /** Only the global limit is used: routes share its counts. */
    child(): FastifyRateLimitStore {
      return this;
    }
  };
}

/** Fixed windows counted in this process. */
function localWindows(windowMs: number): (key: string) => Count {
  const windows = new BoundedMap<string, { start: number; count: number }>(LOCAL_KEYS);
  return (key) => {
    const now = Date.now();
    let w = windows.get(key);
    if (!w || now - w.start >= windowMs) {
      windows.delete(key);
      w = { start: now, count: 0 };
      windows.set(key, w);
    }
    w.count++;
    return { current: w.count, ttl: w.start + windowMs - now };
  };
}
