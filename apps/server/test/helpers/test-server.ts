import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import type { AuthResponse } from "@parley/protocol";
import { type App, type AppDeps, buildApp } from "../../src/app.js";
import { loadConfig } from "../../src/config.js";
import { createTestSchema, withSchema } from "../store/pg-test-schema.js";

export interface TestServer {
  url: string;
  wsUrl: string;
  apiKey: string;
  appSecret: string;
  dataDir: string;
  app: App;
  /** Every node: `app`, and the second one when the suite runs on PostgreSQL + Redis. */
  nodes: App[];
  /** Every log line the server wrote, for tests that check what is (not) logged. */
  logs: string[];
  /** The install's first account, hence its admin; every `signup()` after it is a plain user. */
  admin: AuthResponse;
  signup(username?: string, displayName?: string): Promise<AuthResponse>;
  /** Signs up `n` users at once, each as its chat token and id. */
  users(n: number): Promise<TestUser[]>;
  serverToken(): Promise<string>;
  /** Calls the chat REST API as the holder of `token`. */
  chat(token: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }>;
  close(): Promise<void>;
}

/** A signed-up user as the chat API sees them. */
export interface TestUser {
  token: string;
  id: string;
}

/** A response body as tests read it. */
export const json = (res: Response): Promise<any> => res.json();

let counter = 0;
export const uniqueName = (prefix = "u") =>
  `${prefix}${process.pid.toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/**
 * The real server on an ephemeral port with a temporary data dir: SQLite and the in-process bus,
 * or — when DATABASE_URL and REDIS_URL are both set (CI) — two nodes on a fresh PostgreSQL
 * schema and Redis, REST answered by node 1 and sockets served by node 2, so every test also
 * crosses nodes. Pass `{ SINGLE_NODE: "1" }` for a test that needs one SQLite node.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  deps: Pick<AppDeps, "heartbeat" | "socketBacklogLimit" | "userBacklogLimit" | "clock"> = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), "parley-test-"));
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk, _enc, cb) {
      logs.push(String(chunk));
      cb();
    },
  });
  const { SINGLE_NODE, ...rest } = env;
  const cluster = !SINGLE_NODE && process.env.DATABASE_URL && process.env.REDIS_URL;
  const schema = cluster ? await createTestSchema(process.env.DATABASE_URL!) : undefined;
  const shared = schema
    ? {
        DATABASE_URL: withSchema(process.env.DATABASE_URL!, schema.name),
        REDIS_URL: process.env.REDIS_URL!,
        APP_KEY: `t${randomBytes(8).toString("hex")}`,
        APP_SECRET: randomBytes(32).toString("hex"),
      }
    : {};
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: "0",
    HOST: "127.0.0.1",
    LOG_LEVEL: "info",
    // Suites send thousands of requests a minute with one token; the limit has its own test.
    RATE_LIMIT_PER_MINUTE: "0",
    // Suites watch users go offline as they close; the grace has its own test.
    PRESENCE_GRACE_MS: "0",
    ...shared,
    ...rest,
  });
  const app = await buildApp({ ...deps, config, logStream });
  const second = schema ? await buildApp({ ...deps, config, logStream }) : undefined;
  const url = await listen(app);
  const socketUrl = second ? await listen(second) : url;
  const server: Omit<TestServer, "admin"> & { admin?: AuthResponse } = {
    url,
    wsUrl: `${socketUrl.replace("http", "ws")}/chat/connect`,
    apiKey: app.appKey,
    appSecret: app.appSecret,
    dataDir,
    app,
    nodes: second ? [app, second] : [app],
    logs,
    async signup(username = uniqueName(), displayName) {
      const res = await fetch(`${url}/api/auth`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          action: "signup",
          username,
          displayName: displayName ?? username,
          password: "correct horse",
        }),
      });
      if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${await res.text()}`);
      return (await res.json()) as AuthResponse;
    },
    async users(n) {
      const made = await Promise.all(Array.from({ length: n }, () => this.signup()));
      return made.map((a) => ({ token: a.streamToken, id: a.user.id }));
    },
    serverToken: () => app.services.tokens.mintServerToken(),
    chat: (token, method, path, body) => chatRequest(url, app.appKey, token, method, path, body),
    async close() {
      await second?.close();
      await app.close();
      await schema?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  server.admin = await server.signup(uniqueName("admin"));
  return server as TestServer;
}

async function listen(app: App): Promise<string> {
  await app.server.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return `http://127.0.0.1:${port}`;
}

/** One chat REST call as the holder of `token`; the body parsed (undefined when empty). */
export async function chatRequest(
  baseUrl: string,
  apiKey: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: any }> {
  const sep = path.includes("?") ? "&" : "?";
  const res = await fetch(`${baseUrl}/chat${path}${sep}api_key=${apiKey}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}
