/**
 * Redis paused, then dead, then back (PostgreSQL + Redis; runs when DATABASE_URL and REDIS_URL
 * are set). Both nodes reach Redis through a proxy the test pauses, so the shared Redis itself
 * is never paused. No REST call may wait for Redis or fail because of it: the rate limits are
 * counted per node meanwhile, and shared by the nodes again once Redis answers.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requirePostgresAndRedis } from "../helpers/required-services.js";
import { startTcpProxy, type TcpProxy } from "../store/tcp-proxy.js";
import { type Cluster, multiNode, redisUrl, startCluster, type TestNode, uniqueName } from "./cluster.js";

/** Requests a minute per caller: more than the calls below make while counts are per node. */
const LIMIT = 40;
const PAUSE_MS = 10_000;
/** Not a benchmark: a call that waited for Redis would take the whole pause. */
const BOUND_MS = 2_000;
const PASSWORD = "correct horse";

type Outcome = { what: string; status: number; want: number; ms: number };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!multiNode)("Redis paused or dead", () => {
  let proxy: TcpProxy;
  let c: Cluster;
  let ana: { name: string; token: string };
  let path: string;

  beforeAll(requirePostgresAndRedis);
  beforeAll(async () => {
    const target = new URL(redisUrl!);
    proxy = await startTcpProxy(target.hostname, Number(target.port || 6379));
    const viaProxy = new URL(redisUrl!);
    viaProxy.hostname = "127.0.0.1";
    viaProxy.port = String(proxy.port);
    c = await startCluster({ env: { REDIS_URL: viaProxy.href, RATE_LIMIT_PER_MINUTE: String(LIMIT) } });
    const name = uniqueName("u");
    const res = await auth(c.nodes[0]!, {
      action: "signup",
      username: name,
      displayName: name,
      password: PASSWORD,
    });
    expect(res.status).toBe(201);
    ana = { name, token: (res.body as { streamToken: string }).streamToken };
    const id = uniqueName("ch");
    path = `/channels/messaging/${id}`;
    expect([200, 201]).toContain((await c.chat(c.nodes[0]!, ana.token, "POST", `${path}/query`, {})).status);
  });
  afterAll(async () => {
    await c?.close();
    await proxy?.close();
  });

  async function auth(node: TestNode, body: object): Promise<{ status: number; body: unknown }> {
    const res = await fetch(`${node.url}/api/auth`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  }

  async function timed(
    what: string,
    want: number,
    call: () => Promise<{ status: number }>,
  ): Promise<Outcome> {
    const start = performance.now();
    const { status } = await call();
    return { what, status, want, ms: Math.round(performance.now() - start) };
  }

  /** Sign-in, history and a send on each node. */
  async function round(label: string): Promise<Outcome[]> {
    const out: Outcome[] = [];
    for (const [i, node] of c.nodes.entries()) {
      const at = `${label} node ${i}`;
      out.push(
        await timed(`${at} sign-in`, 200, () =>
          auth(node, { action: "signin", username: ana.name, password: PASSWORD }),
        ),
        await timed(`${at} history`, 200, () => c.chat(node, ana.token, "GET", `${path}/messages`)),
        await timed(`${at} send`, 201, () =>
          c.chat(node, ana.token, "POST", `${path}/messages`, { message: { text: at } }),
        ),
      );
    }
    return out;
  }

  const failed = (outcomes: Outcome[]) => outcomes.filter((o) => o.status !== o.want || o.ms >= BOUND_MS);

  it("answers sign-in, history and sends on both nodes at once while Redis is paused", async () => {
    expect(failed(await round("before"))).toEqual([]);
    proxy.pause();
    const start = Date.now();
    const outcomes: Outcome[] = [];
    while (Date.now() - start < PAUSE_MS) {
      outcomes.push(...(await round(`paused +${Date.now() - start} ms`)));
      await sleep(1_000);
    }
    expect(failed(outcomes)).toEqual([]);
    expect(outcomes.length).toBeGreaterThanOrEqual(6 * 3);
  }, 30_000);

  it("answers them while Redis is dead", async () => {
    await proxy.down();
    expect(failed(await round("dead"))).toEqual([]);
    await sleep(500);
    expect(failed(await round("still dead"))).toEqual([]);
  }, 30_000);

  it("shares the counts across nodes again once Redis is back", async () => {
    await proxy.up();
    // Until each node's limiter has tried Redis again, counts stay per node: one fresh caller per
    // attempt (a token for a user that does not exist: 401, counted all the same).
    const deadline = Date.now() + 15_000;
    let statuses: number[] = [];
    const want = [...Array.from({ length: LIMIT }, () => 401), 429, 429];
    while (Date.now() < deadline) {
      const token = await c.nodes[0]!.app.services.tokens.mintUserToken(uniqueName("nobody"));
      statuses = [];
      for (let i = 0; i < LIMIT + 2; i += 1) {
        statuses.push((await c.chat(c.nodes[i % 2]!, token, "GET", "/me")).status);
      }
      if (statuses.join() === want.join()) break;
      await sleep(250);
    }
    expect(statuses).toEqual(want);
    expect(failed(await round("back"))).toEqual([]);
  }, 30_000);
});
