import { randomUUID } from "node:crypto";
import { Redis, type RedisOptions } from "ioredis";
import type { Bus, BusMessage } from "./bus.js";

/** One pub/sub channel per deployment (its APP_KEY), so deployments may share one Redis. */
export const busChannelOf = (appKey: string) => `parley:${appKey}:events`;

export interface RedisBusOptions {
  url: string;
  /** The pub/sub channel every node shares. */
  channel?: string;
  /** How long start-up waits for Redis before giving up. */
  connectTimeoutMs?: number;
  /** Connection errors; ioredis keeps reconnecting on its own. */
  onError?: (err: Error) => void;
  /** Seconds between another node publishing a message and this node receiving it. */
  onLag?: (seconds: number) => void;
}

export interface RedisBus extends Bus {
  /** Tags this node's messages so it does not deliver its own envelopes twice. */
  readonly nodeId: string;
}

type WireEnvelope = BusMessage | { kind: "channel"; cid: string; seq: number; json: string };

/** One Redis message: `from` first, so a node knows its own messages without parsing them. */
interface Wire {
  from: string;
  sentAt?: number;
  envs: WireEnvelope[];
}

/**
 * The multi-node bus: one publisher and one subscriber connection on one Redis pub/sub channel,
 * JSON envelopes. Pub/sub is at-most-once, which is all the hub needs: an envelope is a wake-up
 * signal, and a lost one shows up as a seq gap that the hub backfills from the store. Envelopes
 * reach this node's hub directly, so a Redis outage only delays other nodes.
 *
 * The envelopes published in one event-loop turn (a group commit's messages and their
 * notifications) leave in one Redis message, so the other nodes receive them in one turn too
 * and write each socket once for all of them.
 */
export async function openRedisBus(opts: RedisBusOptions): Promise<RedisBus> {
  const nodeId = randomUUID();
  const channel = opts.channel ?? "parley:events";
  const handlers: ((e: BusMessage) => void)[] = [];
  const onError = (err: Error) => opts.onError?.(err);
  const base: RedisOptions = {
    lazyConnect: true,
    retryStrategy: (attempt) => Math.min(attempt * 100, 2000),
  };
  // While disconnected a publish fails at once instead of piling up in an offline queue.
  const pub = new Redis(opts.url, {
    ...base,
    connectionName: `parley-pub-${nodeId}`,
    enableOfflineQueue: false,
  });
  const sub = new Redis(opts.url, { ...base, connectionName: `parley-sub-${nodeId}` });
  pub.on("error", onError);
  sub.on("error", onError);
  try {
    const timeout = opts.connectTimeoutMs ?? 10_000;
    await Promise.all([ready(pub, timeout), ready(sub, timeout)]);
    await sub.subscribe(channel);
  } catch (err) {
    pub.disconnect();
    sub.disconnect();
    throw new Error(`REDIS_URL: cannot reach Redis: ${(err as Error).message}`);
  }
  const deliver = (env: BusMessage) => {
    for (const h of handlers) h(env);
  };
  const own = `{"from":${JSON.stringify(nodeId)}`;
  let outbox: WireEnvelope[] = [];
  const flush = () => {
    if (outbox.length === 0) return;
    const envs = outbox;
    outbox = [];
    pub
      .publish(channel, JSON.stringify({ from: nodeId, sentAt: Date.now(), envs } satisfies Wire))
      .catch(onError);
  };
  const reconnected: (() => void)[] = [];
  // After the first connection, "ready" means the subscriber is back (ioredis resubscribes).
  sub.on("ready", () => {
    for (const h of reconnected) h();
  });
  sub.on("message", (ch: string, raw: string) => {
    if (ch !== channel || raw.startsWith(own)) return;
    let wire: Wire;
    try {
      wire = JSON.parse(raw) as Wire;
    } catch {
      return;
    }
    if (!Array.isArray(wire.envs)) return;
    if (wire.sentAt) opts.onLag?.((Date.now() - wire.sentAt) / 1000);
    for (const env of wire.envs) deliver(decode(env));
  });
  return {
    nodeId,
    publish(env) {
      queueMicrotask(() => deliver(env));
      if (outbox.length === 0) setImmediate(flush);
      outbox.push(encode(env));
    },
    subscribe(handler) {
      handlers.push(handler);
    },
    onReconnect(handler) {
      reconnected.push(handler);
    },
    async close() {
      handlers.length = 0;
      reconnected.length = 0;
      // What this turn published still leaves (a departing node's last beat), ahead of QUIT.
      if (outbox.length > 0) flush();
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}

/** A channel envelope's event is its stored JSON; send that once, not twice. */
function encode(env: BusMessage): WireEnvelope {
  if (env.kind !== "channel") return env;
  return { kind: "channel", cid: env.cid, seq: env.seq, json: env.json };
}

function decode(env: WireEnvelope): BusMessage {
  if (env.kind !== "channel" || "event" in env) return env;
  return { ...env, event: JSON.parse(env.json) };
}

function ready(redis: Redis, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      redis.off("ready", onReady);
      reject(new Error(`not ready within ${timeoutMs} ms`));
    }, timeoutMs);
    const onReady = () => {
      clearTimeout(timer);
      resolve();
    };
    redis.once("ready", onReady);
    // A failed first attempt rejects here, but ioredis keeps retrying until the timeout.
    redis.connect().catch(() => undefined);
  });
}
