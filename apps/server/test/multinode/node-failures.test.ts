/**
 * Nodes and Redis failing under load (PostgreSQL + Redis; runs when DATABASE_URL and REDIS_URL
 * are set): a node SIGKILLed during a burst, a node drained with SIGTERM during one (a rolling
 * restart), and Redis itself killed and restarted during one.
 * Every message must reach the reader once, in order.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { ChatClient, type WebSocketConstructor } from "@parley/client";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import WebSocket from "ws";
import { requirePostgresAndRedis } from "../helpers/required-services.js";
import { ChildServer, freePort } from "../reliability/support/child-server.js";
import { channelId, waitFor } from "../sdk/sdk-helpers.js";
import { createTestSchema, type TestSchema, withSchema } from "../store/pg-test-schema.js";
import { startBalancer } from "./balancer.js";
import { databaseUrl, multiNode, redisUrl } from "./cluster.js";

const BURST = 1_000;
const haveRedisServer =
  spawnSync("redis-server", ["--version"]).status === 0 && spawnSync("redis-cli", ["--version"]).status === 0;
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
});

async function twoNodes(redis: string) {
  const schema: TestSchema = await createTestSchema(databaseUrl!);
  cleanups.push(() => schema.drop());
  const env = { DATABASE_URL: withSchema(databaseUrl!, schema.name), REDIS_URL: redis, DB_POOL_SIZE: "5" };
  const one = await ChildServer.start({ env });
  cleanups.push(() => one.dispose());
  const two = await ChildServer.start({ env, secrets: { appKey: one.appKey, appSecret: one.appSecret } });
  cleanups.push(() => two.dispose());
  return { one, two };
}

function client(apiKey: string, baseURL: string) {
  return new ChatClient(apiKey, {
    baseURL,
    WebSocket: WebSocket as unknown as WebSocketConstructor,
    backoffBaseMs: 100,
    backoffCapMs: 1_000,
  });
}

async function signup(baseUrl: string) {
  const username = `u${Math.random().toString(36).slice(2, 10)}`;
  const res = await fetch(`${baseUrl}/api/auth`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ action: "signup", username, displayName: username, password: "correct horse" }),
  });
  if (res.status !== 201) throw new Error(`signup: ${res.status} ${await res.text()}`);
  return (await res.json()) as { streamToken: string; user: { id: string } };
}

/** A writes BURST messages through `writeUrl`; B reads through `readUrl`; `during` runs at i = 300. */
async function burst(apiKey: string, writeUrl: string, readUrl: string, during: () => Promise<void>) {
  const [authA, authB] = [await signup(writeUrl), await signup(writeUrl)];
  const a = client(apiKey, writeUrl);
  const b = client(apiKey, readUrl);
  await a.connectUser({ id: authA.user.id }, authA.streamToken);
  await b.connectUser({ id: authB.user.id }, authB.streamToken);
  const ch = a.channel("messaging", channelId("fail"), { members: [authB.user.id] });
  await ch.watch();
  const [channelB] = await b.queryChannels();
  if (!channelB) throw new Error("B does not see the channel");
  const applied: string[] = [];
  channelB.on("message.new", (e) => applied.push(e.message.id));
  let recovered = 0;
  b.on("connection.recovered", () => recovered++);
  const sent: string[] = [];
  for (let i = 0; i < BURST; i += 1) {
    if (i === 300) await during();
    sent.push((await ch.sendMessage({ text: `burst ${i}` })).id);
  }
  await waitFor(() => channelB.state.messages.length >= BURST, 60_000, `B to have ${BURST} messages`);
  await new Promise((r) => setTimeout(r, 300));
  const result = { sent, applied, held: channelB.state.messages.map((m) => m.id), recovered };
  await a.disconnectUser();
  await b.disconnectUser();
  return result;
}

describe.skipIf(!multiNode)("node and Redis failures during a burst", () => {
  beforeAll(requirePostgresAndRedis);

  test(`a node SIGKILLed during a ${BURST}-message burst: its client resumes on the other node, nothing lost or doubled`, async () => {
    const { one, two } = await twoNodes(redisUrl!);
    // B's traffic goes to node 2 while it lives, then to node 1 (a health-checking balancer)
    const balancer = await startBalancer([two.port, one.port]);
    cleanups.push(() => balancer.close());
    const r = await burst(one.appKey, one.url, balancer.url, () => two.kill("SIGKILL"));
    expect(two.running).toBe(false);
    expect(r.recovered).toBeGreaterThanOrEqual(1);
    expect(r.held).toEqual(r.sent);
    expect(r.applied).toEqual(r.sent);
  }, 180_000);

  test(`a node drained with SIGTERM during a ${BURST}-message burst (rolling restart): its client moves over, nothing lost or doubled`, async () => {
    const { one, two } = await twoNodes(redisUrl!);
    const balancer = await startBalancer([two.port, one.port]);
    cleanups.push(() => balancer.close());
    const r = await burst(one.appKey, one.url, balancer.url, () => two.kill("SIGTERM"));
    expect(two.running).toBe(false);
    expect(r.recovered).toBeGreaterThanOrEqual(1);
    expect(r.held).toEqual(r.sent);
    expect(r.applied).toEqual(r.sent);
  }, 180_000);

  test.skipIf(!haveRedisServer)(
    `Redis killed and restarted during a ${BURST}-message burst: every message reaches the other node's client once, in order`,
    async () => {
      const port = await freePort();
      let redis: ChildProcess | undefined;
      const startRedis = async () => {
        redis = spawn(
          "redis-server",
          ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
          {
            stdio: "ignore",
          },
        );
        await waitFor(
          () =>
            spawnSync("redis-cli", ["-p", String(port), "ping"])
              .stdout?.toString()
              .trim() === "PONG",
          10_000,
          "redis",
        );
      };
      await startRedis();
      cleanups.push(async () => redis?.kill("SIGKILL"));
      const { one, two } = await twoNodes(`redis://127.0.0.1:${port}`);
      const r = await burst(one.appKey, one.url, two.url, async () => {
        redis?.kill("SIGKILL");
        await new Promise((resolve) => setTimeout(resolve, 500));
        await startRedis();
      });
      expect(r.held).toEqual(r.sent);
      expect(r.applied).toEqual(r.sent);
    },
    180_000,
  );
});
