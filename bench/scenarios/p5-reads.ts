import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync } from "node:fs";
import { join } from "node:path";
import { chatTokens } from "../../apps/server/src/domain/auth/chat-tokens.js";
import { LIST_PREVIEW } from "../../packages/client/src/channel-list.js";
import { CACHE_DIR, REPO_DIR } from "../lib/build.js";
import { httpJson } from "../lib/http-client.js";
import { scaled } from "../lib/options.js";
import { pinnedSelf, startChild } from "../lib/proc.js";
import { percentile, sortedCopy } from "../lib/stats.js";
import { COMMON, generateCorpus, RARE } from "../search/corpus.js";
import type { Harness, RunningSystem, SystemSpec } from "../systems/system.js";
import { nodesCpu, parleyNodeArgs, stopNodes } from "../systems/system.js";
import { atMost, type Metrics, type Scenario, value } from "./scenario.js";

const SAMPLES = 1000;
const WARMUP = 300;

const sizes = (h: Harness) => ({
  messages: scaled(1_000_000, h.options.scale, 10_000),
  channels: scaled(1000, h.options.scale, 20),
  users: 500,
});

/** The corpus is generated once per size and schema, and kept in node_modules/.cache/parley-bench. */
async function corpusFile(h: Harness): Promise<string> {
  const s = sizes(h);
  const hash = createHash("sha256");
  for (const f of [
    "apps/server/src/store/kysely/migrations.ts",
    "apps/server/src/store/sqlite/search-sqlite.ts",
    "bench/search/corpus.ts",
  ]) {
    hash.update(readFileSync(join(REPO_DIR, f)));
  }
  const dir = CACHE_DIR;
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `p5-${s.messages}-${s.channels}-${hash.digest("hex").slice(0, 10)}.db`);
  if (existsSync(file)) return file;
  console.log(
    `  generating ${s.messages.toLocaleString("en")} messages (once; cached in node_modules/.cache/parley-bench)…`,
  );
  const tmp = `${file}.tmp`;
  await generateCorpus(tmp, { ...s, searcherChannels: s.channels, progress: true });
  renameSync(tmp, file);
  return file;
}

/** Parley on a copy of the corpus. */
function parleyOnCorpus(): SystemSpec {
  let corpus = "";
  let token = "";
  return {
    name: "parley",
    async prepare(h) {
      corpus = await corpusFile(h);
      token = await chatTokens(h.appSecret).mintUserToken("bench-u0", { ttlSeconds: 24 * 3600 });
    },
    async start(h): Promise<RunningSystem> {
      const dataDir = h.tmpDir("p5-data");
      copyFileSync(corpus, join(dataDir, "parley.db"));
      const { child, ready } = await startChild({
        name: "parley",
        script: h.scripts.parley as string,
        nodeArgs: parleyNodeArgs(),
        cpus: h.serverCpus,
        env: {
          HOST: "127.0.0.1",
          PORT: "0",
          DATA_DIR: dataDir,
          APP_KEY: h.appKey,
          APP_SECRET: h.appSecret,
          LOG_LEVEL: "warn",
          // the peers limit nothing either
          RATE_LIMIT_PER_MINUTE: "0",
        },
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
        token: () => token,
        cpuSeconds: () => nodesCpu([child]),
        memory: () => Promise.all([child.call("mem")]),
        stop: () => stopNodes([child]),
      } as RunningSystem;
    },
  };
}

/** Times `SAMPLES` sequential calls of `call(i)` after a warm-up; answers p50/p99 in ms. */
async function time(call: (i: number) => Promise<void>): Promise<[number, number]> {
  const t: number[] = [];
  for (let i = 0; i < WARMUP + SAMPLES; i++) {
    const t0 = performance.now();
    await call(i);
    if (i >= WARMUP) t.push(performance.now() - t0);
  }
  const sorted = sortedCopy(t);
  return [percentile(sorted, 50), percentile(sorted, 99)];
}

/** The harness itself is the client here: it runs on the load's CPU, apart from the server. */
const run = (h: Harness, sys: RunningSystem) => pinnedSelf(h.loadCpus, () => measure(h, sys));

async function measure(h: Harness, sys: RunningSystem): Promise<Metrics> {
  const base = `${sys.httpUrl(0)}/chat`;
  const key = `api_key=${sys.apiKey}`;
  const token = sys.token("bench-u0");
  const n = sizes(h).channels;
  const ok = (r: { status: number; body: unknown }) => {
    if (r.status !== 200) throw new Error(`HTTP ${r.status}: ${JSON.stringify(r.body).slice(0, 200)}`);
  };
  const search = (words: string[]) => async (i: number) =>
    ok(await httpJson("GET", `${base}/search/messages?${key}&limit=10&q=${words[i % words.length]}`, token));
  const [commonP50, commonP99] = await time(search(COMMON));
  const [rareP50, rareP99] = await time(search(RARE));
  // The list as the app asks for it first (apps/web/src/chat/channel-list-query.ts): a screenful
  // of previews; and with the API's defaults (25 messages and up to 100 members per channel).
  const [listP50, listP99] = await time(async () =>
    ok(await httpJson("POST", `${base}/channels?${key}`, token, { limit: 30, ...LIST_PREVIEW })),
  );
  const [fullListP50, fullListP99] = await time(async () =>
    ok(await httpJson("POST", `${base}/channels?${key}`, token, {})),
  );
  const [historyP50, historyP99] = await time(async (i) =>
    ok(
      await httpJson(
        "GET",
        `${base}/channels/messaging/bench-c${(i * 7919) % n}/messages?${key}&limit=100`,
        token,
      ),
    ),
  );
  return {
    commonP50,
    commonP99,
    rareP50,
    rareP99,
    listP50,
    listP99,
    fullListP50,
    fullListP99,
    historyP50,
    historyP99,
  };
}

export const p5: Scenario = {
  id: "p5",
  title: "P5 reads: 1M messages, a user in 1,000 channels (SQLite)",
  systems: [parleyOnCorpus()],
  metrics: [
    { key: "commonP50", label: "search common p50", digits: 2 },
    { key: "commonP99", label: "search common p99", digits: 2 },
    { key: "rareP99", label: "search rare p99", digits: 2 },
    { key: "listP50", label: "channel list p50", digits: 2 },
    { key: "listP99", label: "channel list p99", digits: 2 },
    { key: "fullListP50", label: "list, API defaults p50", digits: 2 },
    { key: "fullListP99", label: "list, API defaults p99", digits: 2 },
    { key: "historyP50", label: "history 100 p50", digits: 2 },
    { key: "historyP99", label: "history 100 p99", digits: 2 },
  ],
  targets: [
    {
      label: "search newest-first p99 ms (common word)",
      value: value("commonP99", "parley"),
      goal: "≤ 5 ms",
      met: atMost(5),
    },
    {
      label: "search newest-first p99 ms (rare word)",
      value: value("rareP99", "parley"),
      goal: "≤ 5 ms",
      met: atMost(5),
    },
    {
      label: "channel list p99 ms (the app's first page)",
      value: value("listP99", "parley"),
      goal: "≤ 10 ms",
      met: atMost(10),
    },
    {
      label: "history page of 100 p99 ms",
      value: value("historyP99", "parley"),
      goal: "≤ 5 ms",
      met: atMost(5),
    },
  ],
  sizes: (h) => ({ ...sizes(h), samples: SAMPLES, via: "HTTP, one request at a time" }),
  plan: () => ({ users: [], channels: [] }),
  run,
};
