import { Redis } from "ioredis";
import { REDIS_DEADLINE_MS, type RedisGuard, redisGuard } from "./redis-guard.js";

/** The rate limiters' own Redis connection (not the bus's) and the guard every count goes through. */
export interface LimiterRedis {
  client: Redis;
  guard: RedisGuard;
}

export function openLimiterRedis(
  url: string,
  onError: (err: Error) => void,
  onDown: (err: Error) => void,
): LimiterRedis {
  const client = new Redis(url, {
    connectionName: "parley-limits",
    // While disconnected a count fails at once (and is counted on this node) instead of waiting
    // in a queue, and counts that timed out are not replayed once Redis is back.
    enableOfflineQueue: false,
    autoResendUnfulfilledCommands: false,
    maxRetriesPerRequest: 0,
    commandTimeout: REDIS_DEADLINE_MS * 4,
    retryStrategy: (attempt) => Math.min(attempt * 100, 2000),
  });
  client.on("error", onError);
  return { client, guard: redisGuard({ onDown }) };
}

// One round trip: count this request and start the window with the first one (or with a key
// that somehow has no expiry).
const COUNT_IN_WINDOW = `
local n = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {n, ttl}`;

/** Counts one more in `key`'s fixed window: the count so far and the window's ms left. */
export async function countInWindow(
  client: Redis,
  key: string,
  windowMs: number,
): Promise<{ count: number; ttl: number }> {
  const [count, ttl] = (await client.eval(COUNT_IN_WINDOW, 1, key, windowMs)) as [number, number];
  return { count, ttl };
}
