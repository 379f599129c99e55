import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Envelope } from "../../src/domain/events.js";
import type { BusMessage } from "../../src/realtime/bus.js";
import { openRedisBus, type RedisBus } from "../../src/realtime/bus-redis.js";
import { requireRedis } from "../helpers/required-services.js";
import { killRedisClient, waitFor } from "./cluster.js";

const url = process.env.REDIS_URL;

describe.skipIf(!url)("Redis bus", () => {
  beforeAll(requireRedis);
  const open: RedisBus[] = [];
  const bus = async (channel: string) => {
    const b = await openRedisBus({ url: url!, channel });
    open.push(b);
    return b;
  };
  afterEach(async () => {
    await Promise.all(open.splice(0).map((b) => b.close()));
  });

  const usersEnv = (n: number): Envelope => ({
    kind: "users",
    userIds: ["u1"],
    event: { type: "health.check" } as never,
    skipWatchersOf: `x:${n}`,
  });

  it("delivers every envelope to every node, its own once", async () => {
    const channel = `parley:test:${randomUUID()}`;
    const [a, b] = [await bus(channel), await bus(channel)];
    const gotA: BusMessage[] = [];
    const gotB: BusMessage[] = [];
    a.subscribe((e) => gotA.push(e));
    b.subscribe((e) => gotB.push(e));
    a.publish(usersEnv(1));
    b.publish(usersEnv(2));
    await waitFor(() => gotA.length === 2 && gotB.length === 2);
    await new Promise((r) => setTimeout(r, 50));
    expect(gotA).toHaveLength(2);
    expect(gotB).toHaveLength(2);
    expect(new Set(gotA.map((e) => JSON.stringify(e)))).toEqual(new Set(gotB.map((e) => JSON.stringify(e))));
  });

  it("carries a channel envelope's event once, as its stored JSON", async () => {
    const channel = `parley:test:${randomUUID()}`;
    const [a, b] = [await bus(channel), await bus(channel)];
    const got: BusMessage[] = [];
    b.subscribe((e) => got.push(e));
    const event = { type: "message.new", cid: "messaging:x", seq: 7, text: "héllo" };
    const env = {
      kind: "channel",
      cid: "messaging:x",
      seq: 7,
      event,
      json: JSON.stringify(event),
    } as unknown as Envelope;
    a.publish(env);
    await waitFor(() => got.length === 1);
    expect(got[0]).toEqual(env);
  });

  it("sends what one turn published in one Redis message, in order, and each turn's on its own", async () => {
    const channel = `parley:test:${randomUUID()}`;
    const [a, b] = [await bus(channel), await bus(channel)];
    const watcher = new Redis(url!);
    try {
      const raw: string[] = [];
      watcher.on("message", (_ch: string, message: string) => raw.push(message));
      await watcher.subscribe(channel);
      const got: BusMessage[] = [];
      b.subscribe((e) => got.push(e));
      for (const n of [1, 2, 3]) a.publish(usersEnv(n));
      await waitFor(() => got.length === 3);
      a.publish(usersEnv(4));
      await waitFor(() => got.length === 4);
      expect(got).toEqual([1, 2, 3, 4].map(usersEnv));
      expect(raw.map((m) => (JSON.parse(m) as { envs: unknown[] }).envs.length)).toEqual([3, 1]);
    } finally {
      watcher.disconnect();
    }
  });

  it("still sends what was published in the turn it closes", async () => {
    const channel = `parley:test:${randomUUID()}`;
    const [a, b] = [await bus(channel), await bus(channel)];
    const got: BusMessage[] = [];
    b.subscribe((e) => got.push(e));
    a.publish(usersEnv(1));
    await a.close();
    await waitFor(() => got.length === 1);
    expect(got).toEqual([usersEnv(1)]);
  });

  it("stays apart from other channels", async () => {
    const [a, b] = [await bus(`parley:test:${randomUUID()}`), await bus(`parley:test:${randomUUID()}`)];
    const got: BusMessage[] = [];
    b.subscribe((e) => got.push(e));
    a.publish(usersEnv(1));
    await new Promise((r) => setTimeout(r, 100));
    expect(got).toEqual([]);
  });

  it("resubscribes by itself after its subscriber connection is killed", async () => {
    const channel = `parley:test:${randomUUID()}`;
    const [a, b] = [await bus(channel), await bus(channel)];
    const got: BusMessage[] = [];
    b.subscribe((e) => got.push(e));
    await killRedisClient(url!, `parley-sub-${b.nodeId}`);
    let n = 0;
    await waitFor(() => {
      a.publish(usersEnv(++n));
      return got.length > 0;
    }, 10_000);
    expect(got.length).toBeGreaterThan(0);
  });

  it("close quits both connections", async () => {
    const b = await openRedisBus({ url: url!, channel: `parley:test:${randomUUID()}` });
    const admin = new Redis(url!);
    try {
      const names = async () => String(await admin.client("LIST"));
      expect(await names()).toContain(`parley-sub-${b.nodeId}`);
      await b.close();
      await waitFor(async () => !(await names()).includes(b.nodeId));
      expect(() => b.publish(usersEnv(1))).not.toThrow();
    } finally {
      admin.disconnect();
    }
  });

  it("fails to open, naming REDIS_URL, when Redis cannot be reached", async () => {
    await expect(openRedisBus({ url: "redis://127.0.0.1:1", connectTimeoutMs: 300 })).rejects.toThrow(
      /^REDIS_URL: cannot reach Redis/,
    );
  });
});
