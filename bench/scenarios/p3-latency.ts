import { Load } from "../lib/load.js";
import { debug } from "../lib/log.js";
import { scaled } from "../lib/options.js";
import { percentile, sortedCopy } from "../lib/stats.js";
import type { ClientSpec, PublishArgs, SendTarget } from "../load/types.js";
import { cidOf, type SeedPlan } from "../systems/seed.js";
import type { Harness, RunningSystem } from "../systems/system.js";
import { atMost, type Metrics, ratio, type Scenario } from "./scenario.js";
import { systems } from "./systems.js";

const MEMBERS = 50;
const RATE = 200;

interface Shape {
  channels: number;
  seconds: number;
}

const shape = (h: Harness): Shape => ({
  channels: scaled(20, h.options.scale, 2),
  seconds: scaled(30, h.options.scale, 5),
});

/** Member 0 of each channel sends; members 1–49 watch. */
function plan(h: Harness): SeedPlan {
  const { channels } = shape(h);
  const users: string[] = [];
  const list = [];
  for (let c = 0; c < channels; c++) {
    const members = Array.from({ length: MEMBERS }, (_, k) => `c${c}m${k}`);
    users.push(...members);
    list.push({ id: `lat${c}`, members });
  }
  return { users, channels: list };
}

async function run(h: Harness, sys: RunningSystem): Promise<Metrics> {
  const s = shape(h);
  const load = await Load.start(h);
  try {
    const clients: ClientSpec[] = [];
    for (let c = 0; c < s.channels; c++) {
      for (let k = 1; k < MEMBERS; k++) {
        clients.push({ user: `c${c}m${k}`, token: sys.token(`c${c}m${k}`), cids: [cidOf(`lat${c}`)] });
      }
    }
    const conn = await load.connect(sys, clients, "latency");
    if (conn.failed > 0)
      throw new Error(`${conn.failed} clients failed to connect: ${conn.errors.join("; ")}`);
    const targets: SendTarget[] = Array.from({ length: s.channels }, (_, c) => ({
      cid: cidOf(`lat${c}`),
      user: `c${c}m0`,
      token: sys.token(`c${c}m0`),
    }));
    const args: PublishArgs = {
      via: sys.sendVia,
      url: sys.sendVia === "ws" ? sys.connectUrl(0) : sys.httpUrl(0),
      apiKey: sys.apiKey,
      targets,
      count: RATE * s.seconds,
      window: 1,
      rate: RATE,
      textBytes: 100,
      localAddress: "127.0.0.2",
      timestamps: true,
    };
    await load.openSender(args);
    // Warm up (JIT, statement caches) for a second at the same rate, then measure.
    await load.publish({ ...args, count: RATE, timestamps: false });
    await new Promise((r) => setTimeout(r, 500));
    await load.reset();
    const cpu0 = sys.cpuSeconds();
    const sent = await load.publish(args);
    await new Promise((r) => setTimeout(r, 2000));
    const arrivals = await load.arrivals();
    const cpu = sys.cpuSeconds() - cpu0;
    const latencies: number[] = [];
    let lost = 0;
    for (const [id, t] of sent.times ?? []) {
      const a = arrivals.get(id);
      if (!a || a[1] < MEMBERS - 1) lost++;
      if (a) latencies.push((a[0] - t) / 1000);
    }
    const sorted = sortedCopy(latencies);
    debug(`sent ${sent.acked}/${sent.sent} in ${sent.ms} ms; ${lost} incomplete`, sent.firstError ?? "");
    return {
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      max: sorted.at(-1) ?? Number.NaN,
      sendsPerSecond: (sent.acked / sent.ms) * 1000,
      lost,
      serverCpuPerSend: (cpu / Math.max(1, sent.acked)) * 1e6,
    };
  } finally {
    await load.stop();
  }
}

export const p3: Scenario = {
  id: "p3",
  title: "P3 latency: 200 persisted sends/s into 50-member channels",
  systems: [systems.parley(), systems.minimalPersist(), systems.socketioPersist()],
  metrics: [
    { key: "p50", label: "p50 ms", digits: 2 },
    { key: "p99", label: "p99 ms", digits: 2 },
    { key: "max", label: "max ms", digits: 1 },
    { key: "sendsPerSecond", label: "sends/s", digits: 0 },
    { key: "lost", label: "incomplete", digits: 0 },
    { key: "serverCpuPerSend", label: "server CPU µs/send", digits: 0 },
  ],
  targets: [
    {
      label: "p99 vs minimal-persist",
      value: ratio("p99", "parley", "minimal-persist"),
      goal: "≤ 1.2×",
      met: atMost(1.2),
    },
    {
      label: "p99 vs socketio + insert",
      value: ratio("p99", "parley", "socketio+insert"),
      goal: "≤ 0.5×",
      met: atMost(0.5),
    },
  ],
  sizes: (h) => ({ ...shape(h), members: MEMBERS, sendsPerSecond: RATE, textBytes: 100 }),
  plan,
  run,
};
