import { request } from "node:http";
import { Load } from "../lib/load.js";
import { debug } from "../lib/log.js";
import { scaled } from "../lib/options.js";
import type { PublishArgs, SendTarget } from "../load/types.js";
import { cidOf, type SeedPlan } from "../systems/seed.js";
import type { Harness, RunningSystem } from "../systems/system.js";
import { atLeast, type Metrics, type Scenario, value } from "./scenario.js";
import { systems } from "./systems.js";

const CHANNELS = 100;
const MEMBERS = 10;
/** Sends in flight: enough that a server batching per tick has something to batch. */
const WINDOW = 128;

const seconds = (h: Harness) => scaled(10, h.options.scale, 3);

function plan(): SeedPlan {
  const users: string[] = [];
  const channels = [];
  for (let c = 0; c < CHANNELS; c++) {
    const members = Array.from({ length: MEMBERS }, (_, k) => `t${c}u${k}`);
    users.push(...members);
    channels.push({ id: `tp${c}`, members });
  }
  return { users, channels };
}

/** GET /chat/search/messages as `token`: the number of results for `q`. */
function searchCount(sys: RunningSystem, token: string, q: string): Promise<number> {
  const url = new URL(`${sys.httpUrl(0)}/chat/search/messages`);
  url.searchParams.set("api_key", sys.apiKey);
  url.searchParams.set("q", q);
  return new Promise((resolve, reject) => {
    request(url, { headers: { authorization: `Bearer ${token}` } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const body = JSON.parse(Buffer.concat(chunks).toString()) as { results?: unknown[] };
        resolve(body.results?.length ?? 0);
      });
    })
      .on("error", reject)
      .end();
  });
}

async function run(h: Harness, sys: RunningSystem): Promise<Metrics> {
  const load = await Load.start(h, 1);
  try {
    // One member of each channel sends over its own socket (and marks the channel read for itself).
    const targets: SendTarget[] = Array.from({ length: CHANNELS }, (_, c) => ({
      cid: cidOf(`tp${c}`),
      user: `t${c}u0`,
      token: sys.token(`t${c}u0`),
    }));
    const ms = seconds(h) * 1000;
    const args: PublishArgs = {
      via: sys.sendVia,
      url: sys.sendVia === "ws" ? sys.connectUrl(0) : sys.httpUrl(0),
      apiKey: sys.apiKey,
      targets,
      count: 10_000_000,
      window: WINDOW,
      maxMs: 1000,
      textBytes: 100,
      localAddress: "127.0.0.2",
      timestamps: false,
    };
    await load.openSender(args);
    await load.publish(args); // warm-up second
    const cpu0 = sys.cpuSeconds();
    const sent = await load.publish({ ...args, maxMs: ms });
    const cpu = sys.cpuSeconds() - cpu0;
    debug(`sent ${sent.acked}/${sent.sent} in ${sent.ms} ms`, sent.firstError ?? "");
    const metrics: Metrics = {
      perSecond: (sent.acked / sent.ms) * 1000,
      errors: sent.errors,
      serverCpuPerSend: (cpu / Math.max(1, sent.acked)) * 1e6,
      serverCpuShare: cpu / (sent.ms / 1000),
    };
    if (sys.name === "parley") {
      // The last message is found at once: the index is kept current in the send's transaction.
      const last = sent.sent - 1;
      const t = targets[last % targets.length] as SendTarget;
      metrics.indexed = (await searchCount(sys, t.token, `${last}`)) > 0 ? 1 : 0;
    }
    return metrics;
  } finally {
    await load.stop();
  }
}

export const p4: Scenario = {
  id: "p4",
  title: "P4 throughput: persisted sends on SQLite with the search index current",
  systems: [systems.parley(), systems.minimalPersist()],
  metrics: [
    { key: "perSecond", label: "messages/s", digits: 0 },
    { key: "serverCpuPerSend", label: "server CPU µs/msg", digits: 0 },
    { key: "serverCpuShare", label: "server CPU busy", digits: 2 },
    { key: "errors", label: "errors", digits: 0 },
    { key: "indexed", label: "last msg found", digits: 0 },
  ],
  targets: [
    {
      label: "messages/s (Parley)",
      value: value("perSecond", "parley"),
      goal: "≥ 25,000/s",
      met: atLeast(25_000),
    },
  ],
  sizes: (h) => ({
    seconds: seconds(h),
    channels: CHANNELS,
    senders: CHANNELS,
    window: WINDOW,
    textBytes: 100,
  }),
  plan,
  run,
};
