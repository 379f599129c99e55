import { Load } from "../lib/load.js";
import { debug } from "../lib/log.js";
import { scaled } from "../lib/options.js";
import { percentile, sortedCopy } from "../lib/stats.js";
import type { ClientSpec, PublishArgs, SendTarget } from "../load/types.js";
import { cidOf } from "../systems/seed.js";
import type { Harness, RunningSystem } from "../systems/system.js";
import { fanoutPlan, SENDER } from "./fanout.js";
import { atMost, type Metrics, ratio, type Scenario } from "./scenario.js";
import { systems } from "./systems.js";

const MEMBERS = 10;
/** Messages each channel gets while its members are away. */
const MISSED = 5;

const channels = (h: Harness) => scaled(1000, h.options.scale, 2);
const shape = (h: Harness) => ({
  channels: channels(h),
  members: MEMBERS,
  messages: 0,
  window: 1,
  textBytes: 100,
});

async function run(h: Harness, sys: RunningSystem): Promise<Metrics> {
  const n = channels(h);
  const load = await Load.start(h);
  try {
    const clients: ClientSpec[] = [];
    for (let c = 0; c < n; c++) {
      for (let k = 0; k < MEMBERS; k++) {
        const user = `r${c * MEMBERS + k}`;
        clients.push({ user, token: sys.token(user), cids: [cidOf(`fan${c}`)] });
      }
    }
    const conn = await load.connect(sys, clients, "seq");
    if (conn.failed > 0)
      throw new Error(`${conn.failed} clients failed to connect: ${conn.errors.join("; ")}`);
    const targets: SendTarget[] = Array.from({ length: n }, (_, c) => ({
      cid: cidOf(`fan${c}`),
      user: SENDER,
      token: sys.token(SENDER),
    }));
    const args: PublishArgs = {
      via: sys.sendVia,
      url: sys.sendVia === "ws" ? sys.connectUrl(0) : sys.httpUrl(0),
      apiKey: sys.apiKey,
      targets,
      count: n,
      window: 16,
      textBytes: 100,
      localAddress: "127.0.0.2",
      timestamps: false,
    };
    await load.openSender(args);
    // One message everywhere while connected (every client then knows a seq), then the drop.
    await load.publish(args);
    await new Promise((r) => setTimeout(r, 1000));
    await load.drop();
    await new Promise((r) => setTimeout(r, 1000));
    const missed = await load.publish({ ...args, count: n * MISSED });
    if (missed.errors > 0) throw new Error(`sends failed while clients were away: ${missed.firstError}`);
    await new Promise((r) => setTimeout(r, 500));
    const cpu0 = sys.cpuSeconds();
    const r = await load.resume(MISSED);
    const cpu = sys.cpuSeconds() - cpu0;
    debug(`resumed ${r.ok}, failed ${r.failed}`, r.errors.slice(0, 3).join("; "));
    const times = sortedCopy(r.caughtUp.map((t) => (t < 0 ? Number.POSITIVE_INFINITY : t / 1000)));
    return {
      caughtUp99: percentile(times, 99),
      caughtUp50: percentile(times, 50),
      serverCpu: cpu,
      notCaughtUp: r.caughtUp.filter((t) => t < 0).length,
      clients: clients.length,
    };
  } finally {
    await load.stop();
  }
}

export const p6: Scenario = {
  id: "p6",
  title: "P6 reconnect: every client drops, misses 5 messages per channel, and resumes",
  systems: [systems.parley(), systems.socketioRecovery()],
  metrics: [
    { key: "caughtUp99", label: "99 % caught up ms", digits: 0 },
    { key: "caughtUp50", label: "50 % caught up ms", digits: 0 },
    { key: "serverCpu", label: "server CPU-s", digits: 2 },
    { key: "notCaughtUp", label: "not caught up", digits: 0 },
    { key: "clients", label: "clients", digits: 0 },
  ],
  targets: [
    {
      label: "time to 99 % vs socketio+recovery",
      value: ratio("caughtUp99", "parley", "socketio+recovery"),
      goal: "≤ 0.5×",
      met: atMost(0.5),
    },
    {
      label: "server CPU-s vs socketio+recovery",
      value: ratio("serverCpu", "parley", "socketio+recovery"),
      goal: "≤ 0.5×",
      met: atMost(0.5),
    },
  ],
  sizes: (h) => ({
    clients: channels(h) * MEMBERS,
    channels: channels(h),
    members: MEMBERS,
    missedPerChannel: MISSED,
  }),
  plan: (h) => fanoutPlan(shape(h)),
  run,
};
