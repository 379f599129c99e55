import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { Redis } from "ioredis";
import { type App, buildApp } from "../../src/app.js";
import { loadConfig } from "../../src/config.js";
import type { Bus, BusMessage } from "../../src/realtime/bus.js";
import { chatRequest } from "../helpers/test-server.js";
import { createTestSchema, type TestSchema, withSchema } from "../store/pg-test-schema.js";

export const databaseUrl = process.env.DATABASE_URL;
export const redisUrl = process.env.REDIS_URL;
export const multiNode = Boolean(databaseUrl && redisUrl);

export interface TestNode {
  app: App;
  url: string;
  wsUrl: string;
}

export interface Cluster {
  nodes: TestNode[];
  apiKey: string;
  signup(node: TestNode): Promise<{ id: string; token: string }>;
  chat(
    node: TestNode,
    token: string,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: any }>;
  close(): Promise<void>;
}

let counter = 0;
export const uniqueName = (prefix = "n") =>
  `${prefix}${process.pid.toString(36)}${(counter++).toString(36)}${randomBytes(3).toString("hex")}`;

/**
 * Server nodes sharing one fresh PostgreSQL schema, one Redis and one APP_KEY/APP_SECRET, each
 * built from `loadConfig` and listening on an ephemeral port. `bus(i)` may hand node i its bus.
 */
export async function startCluster(
  opts: {
    count?: number;
    bus?: (i: number, appKey: string) => Promise<Bus | undefined>;
    env?: Record<string, string>;
  } = {},
): Promise<Cluster> {
  const schema: TestSchema = await createTestSchema(databaseUrl!);
  const appKey = `mn${randomBytes(8).toString("hex")}`;
  const env = {
    DATABASE_URL: withSchema(databaseUrl!, schema.name),
    REDIS_URL: redisUrl!,
    APP_KEY: appKey,
    APP_SECRET: randomBytes(32).toString("base64url"),
    LOG_LEVEL: "warn",
    HOST: "127.0.0.1",
    PORT: "0",
    DB_POOL_SIZE: "5",
    RATE_LIMIT_PER_MINUTE: "0",
    PRESENCE_GRACE_MS: "0",
    ...opts.env,
  };
  const dirs: string[] = [];
  const quiet = () => new Writable({ write: (_c, _e, cb) => cb() });
  const nodes = await Promise.all(
    Array.from({ length: opts.count ?? 2 }, async (_, i): Promise<TestNode> => {
      const dataDir = mkdtempSync(join(tmpdir(), "parley-node-"));
      dirs.push(dataDir);
      const config = loadConfig({ ...env, DATA_DIR: dataDir });
      const app = await buildApp({ config, bus: await opts.bus?.(i, appKey), logStream: quiet() });
      await app.server.listen({ port: 0, host: "127.0.0.1" });
      const addr = app.server.server.address();
      const port = typeof addr === "object" && addr ? addr.port : 0;
      return { app, url: `http://127.0.0.1:${port}`, wsUrl: `ws://127.0.0.1:${port}/chat/connect` };
    }),
  );
  const cluster: Cluster = {
    nodes,
    apiKey: appKey,
    async signup(node) {
      const username = uniqueName("u");
      const res = await fetch(`${node.url}/api/auth`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          action: "signup",
          username,
          displayName: username,
          password: "correct horse",
        }),
      });
      if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${await res.text()}`);
      const body = (await res.json()) as { streamToken: string; user: { id: string } };
      return { id: body.user.id, token: body.streamToken };
    },
    chat: (node, token, method, path, body) => chatRequest(node.url, appKey, token, method, path, body),
    async close() {
      await Promise.all(nodes.map((n) => n.app.close()));
      await schema.drop();
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
    },
  };
  return cluster;
}

/** A bus that drops every envelope it receives while `dropping` is set: a node missing bus messages. */
export function lossy(inner: Bus): Bus & { dropping: boolean } {
  const bus = {
    dropping: false,
    publish: (e: BusMessage) => inner.publish(e),
    subscribe(handler: (e: BusMessage) => void) {
      inner.subscribe((e) => {
        if (!bus.dropping) handler(e);
      });
    },
    onReconnect: (handler: () => void) => inner.onReconnect(handler),
    close: () => inner.close(),
  };
  return bus;
}

/** Closes the Redis connection named `name` (CLIENT KILL), as a network blip would. */
export async function killRedisClient(url: string, name: string): Promise<void> {
  const admin = new Redis(url);
  try {
    const list = String(await admin.client("LIST"));
    const line = list.split("\n").find((l) => l.includes(` name=${name} `));
    const id = line ? /(?:^|\s)id=(\d+)/.exec(line)?.[1] : undefined;
    if (!id) throw new Error(`no Redis client named ${name}`);
    await admin.client("KILL", "ID", id);
  } finally {
    admin.disconnect();
  }
}

export async function waitFor(cond: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
