import { randomBytes } from "node:crypto";
import fastifyStatic from "@fastify/static";
import Fastify from "fastify";
import { httpJson } from "../lib/http-client.js";
import { debug } from "../lib/log.js";
import { startChild } from "../lib/proc.js";
import { median, percentile, sortedCopy } from "../lib/stats.js";
import type { Harness, RunningSystem, SystemSpec } from "../systems/system.js";
import { nodesCpu, stopNodes } from "../systems/system.js";
import { ensureChromium, launchChromium, profilePage, scriptsLoaded, timeSwitch } from "../web/browser.js";
import { buildWeb, entryScripts, gzipSize } from "../web/web-build.js";
import { atMost, type Metrics, type Scenario, value } from "./scenario.js";

const SWITCHES = 20;
const MESSAGES_PER_CHANNEL = 40;
/** Where each system's build went, by system name. */
const builds = new Map<string, string>();
const FLOOR = "react-router-floor";

/** Parley serving the web app built from the working tree. */
function parleyWithWeb(): SystemSpec {
  return {
    name: "parley",
    async prepare(h) {
      ensureChromium(h.options.chromium);
      const webDir = h.tmpDir("web-dist");
      builds.set("parley", webDir);
      const t0 = Date.now();
      buildWeb(webDir);
      debug(`built apps/web in ${Date.now() - t0} ms`);
    },
    async start(h): Promise<RunningSystem> {
      const env = {
        HOST: "127.0.0.1",
        PORT: "0",
        DATA_DIR: h.tmpDir("p8-data"),
        APP_KEY: h.appKey,
        APP_SECRET: h.appSecret,
        LOG_LEVEL: "warn",
        // the peers limit nothing either
        RATE_LIMIT_PER_MINUTE: "0",
        WEB_DIST: builds.get("parley") as string,
      };
      const { child, ready } = await startChild({
        name: "parley",
        script: h.scripts.parley as string,
        cpus: h.serverCpus,
        env,
      });
      const url = `http://127.0.0.1:${ready.port as number}`;
      return {
        name: "parley",
        protocol: "ws",
        sendVia: "rest",
        apiKey: h.appKey,
        nodes: [child],
        connectUrl: () => `${url.replace("http", "ws")}/chat/connect`,
        httpUrl: () => url,
        token: () => "",
        cpuSeconds: () => nodesCpu([child]),
        memory: () => Promise.all([child.call("mem")]),
        stop: () => stopNodes([child]),
      } as RunningSystem;
    },
  };
}

/**
 * The floor: bench/web/floor, the smallest app on apps/web's stack (React 19, React Router 7's data
 * router with a lazy route), built the same way and served as static files. Only its first load is
 * measured; it has no channels to switch.
 */
function reactRouterFloor(): SystemSpec {
  return {
    name: FLOOR,
    async prepare(h) {
      ensureChromium(h.options.chromium);
      const dir = h.tmpDir("floor-dist");
      buildWeb(dir, "bench/web/floor");
      builds.set(FLOOR, dir);
    },
    async start(): Promise<RunningSystem> {
      const dir = builds.get(FLOOR) as string;
      const server = Fastify();
      await server.register(fastifyStatic, { root: dir });
      const url = await server.listen({ port: 0, host: "127.0.0.1" });
      return {
        name: FLOOR,
        protocol: "ws",
        sendVia: "rest",
        apiKey: "",
        nodes: [],
        connectUrl: () => "",
        httpUrl: () => url,
        token: () => "",
        cpuSeconds: () => 0,
        memory: async () => [],
        stop: () => server.close(),
      };
    },
  };
}

interface Account {
  username: string;
  password: string;
  streamToken: string;
}

async function signup(base: string, name: string): Promise<Account> {
  const username = `${name}${randomBytes(3).toString("hex")}`;
  const password = `pw-${randomBytes(8).toString("hex")}`;
  const r = await httpJson("POST", `${base}/api/auth`, "", {
    action: "signup",
    username,
    displayName: name,
    password,
  });
  if (r.status !== 201) throw new Error(`signup: HTTP ${r.status} ${JSON.stringify(r.body)}`);
  return { username, password, streamToken: (r.body as { streamToken: string }).streamToken };
}

/** Two channels with messages; each message of channel `x` carries the token `tok-x`. */
async function seedChannels(base: string, key: string, me: Account, other: Account): Promise<string[]> {
  const cids: string[] = [];
  for (const id of ["bench-a", "bench-b"]) {
    const chat = `${base}/chat/channels/messaging/${id}`;
    const q = await httpJson("POST", `${chat}/query?api_key=${key}`, me.streamToken, {
      data: { name: `Bench ${id}`, members: [me.username, other.username] },
    });
    if (q.status !== 200 && q.status !== 201)
      throw new Error(`channel: HTTP ${q.status} ${JSON.stringify(q.body)}`);
    for (let i = 0; i < MESSAGES_PER_CHANNEL; i++) {
      const who = i % 2 ? me : other;
      const text = `tok-${id} message ${i}: a line of chat to render with **some** markdown`;
      const r = await httpJson("POST", `${chat}/messages?api_key=${key}`, who.streamToken, {
        message: { text },
      });
      if (r.status !== 201) throw new Error(`send: HTTP ${r.status}`);
    }
    cids.push(`messaging:${id}`);
  }
  return cids;
}

async function run(h: Harness, sys: RunningSystem): Promise<Metrics> {
  const base = sys.httpUrl(0);
  const webDir = builds.get(sys.name) as string;
  const entries = entryScripts(webDir);
  const entryGzip = entries.reduce((s, p) => s + gzipSize(webDir, p), 0);
  const browser = await launchChromium(h.options.chromium);
  try {
    const first = await browser.newContext();
    const loaded = await scriptsLoaded(await first.newPage(), `${base}/`);
    const gzipKB = (paths: string[]) => paths.reduce((s, p) => s + gzipSize(webDir, p), 0) / 1000;
    await first.close();
    const firstLoad = {
      entryGzipKB: entryGzip / 1000,
      loadedGzipKB: gzipKB(loaded.run),
      scripts: loaded.run.length,
      prefetchedGzipKB: gzipKB(loaded.prefetched),
    };
    if (sys.name === FLOOR) return firstLoad;

    const me = await signup(base, "bencher");
    const other = await signup(base, "other");
    const [a, b] = (await seedChannels(base, sys.apiKey, me, other)) as [string, string];
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${base}/signin`);
    await page.getByLabel("Username").fill(me.username);
    await page.getByLabel("Password").fill(me.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(/\/chats$/, { timeout: 15_000 });
    await page.locator(`a[data-testid="channel-row"][data-cid="${b}"]`).waitFor({ timeout: 15_000 });
    // The first visit of each channel loads it; every later switch shows a cached channel.
    await timeSwitch(page, a, "tok-bench-a");
    await timeSwitch(page, b, "tok-bench-b");
    const stopProfile = await profilePage(page, "p8-switch");
    const times: number[] = [];
    for (let i = 0; i < SWITCHES; i++) {
      times.push(await timeSwitch(page, a, "tok-bench-a"));
      times.push(await timeSwitch(page, b, "tok-bench-b"));
    }
    await stopProfile();
    const sorted = sortedCopy(times);
    return {
      ...firstLoad,
      switchMedian: median(times),
      switchP95: percentile(sorted, 95),
    };
  } finally {
    await browser.close();
  }
}

export const p8: Scenario = {
  id: "p8",
  title: "P8 web app: first-load JS and switching to a cached channel (headless Chromium)",
  systems: [parleyWithWeb(), reactRouterFloor()],
  metrics: [
    { key: "entryGzipKB", label: "index.html JS kB gz", digits: 1 },
    { key: "loadedGzipKB", label: "JS loaded for / kB gz", digits: 1 },
    { key: "scripts", label: "scripts for /", digits: 0 },
    { key: "prefetchedGzipKB", label: "JS prefetched by / kB gz", digits: 1 },
    { key: "switchMedian", label: "switch median ms", digits: 1 },
    { key: "switchP95", label: "switch p95 ms", digits: 1 },
  ],
  targets: [
    {
      label: "first-load JS for / (gzip, index.html)",
      value: value("entryGzipKB", "parley"),
      goal: "≤ 100 KB",
      met: atMost(100),
    },
    {
      label: "JS loaded to render / (gzip, incl. lazy route)",
      value: value("loadedGzipKB", "parley"),
      goal: "≤ 100 KB",
      met: atMost(100),
    },
    {
      label: "cached channel switch, median ms",
      value: value("switchMedian", "parley"),
      goal: "≤ 100 ms",
      met: atMost(100),
    },
  ],
  sizes: () => ({ switches: SWITCHES * 2, messagesPerChannel: MESSAGES_PER_CHANNEL }),
  plan: () => ({ users: [], channels: [] }),
  run,
};
