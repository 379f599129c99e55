import { scaled } from "../lib/options.js";
import type { Harness } from "../systems/system.js";
import { type FanoutShape, fanoutPlan, runFanout } from "./fanout.js";
import { atLeast, type MetricDef, ratio, type Scenario } from "./scenario.js";
import { systems } from "./systems.js";

export const fanoutMetrics: MetricDef[] = [
  { key: "perCpuSecond", label: "deliveries/CPU-s", digits: 0 },
  { key: "perSecond", label: "deliveries/s", digits: 0 },
  { key: "serverCpu", label: "server CPU-s", digits: 2 },
  { key: "deliveries", label: "deliveries", digits: 0 },
  { key: "lost", label: "lost", digits: 0 },
  { key: "loadCpu", label: "load CPU-s", digits: 2 },
  { key: "connectSeconds", label: "connect s", digits: 1 },
];

function p2(id: string, title: string, shape: (h: Harness) => FanoutShape): Scenario {
  return {
    id,
    title,
    systems: [systems.parley(), systems.wsNaive(), systems.wsLimit(), systems.socketio()],
    metrics: fanoutMetrics,
    targets: [
      {
        label: "deliveries/CPU-s vs ws-limit",
        value: ratio("perCpuSecond", "parley", "ws-limit"),
        goal: "≥ 0.6×",
        met: atLeast(0.6),
      },
      {
        label: "deliveries/CPU-s vs socketio",
        value: ratio("perCpuSecond", "parley", "socketio"),
        goal: "≥ 5×",
        met: atLeast(5),
      },
      {
        label: "lost deliveries",
        value: (m) => m.parley?.lost ?? Number.NaN,
        goal: "= 0",
        met: (v) => v === 0,
      },
    ],
    sizes: (h) => ({ ...shape(h) }),
    plan: (h) => fanoutPlan(shape(h)),
    run: (h, sys) => runFanout(h, sys, shape(h)),
  };
}

/** P2: fan-out of 100-byte messages, one huge channel and many small ones. */
export const p2a = p2("p2a", "P2a fan-out: 1 channel × 10,000 members", (h) => ({
  channels: 1,
  members: scaled(10_000, h.options.scale, 10),
  messages: scaled(200, h.options.scale, 10),
  window: 8,
  textBytes: 100,
}));

export const p2b = p2("p2b", "P2b fan-out: 1,000 channels × 10 members", (h) => ({
  channels: scaled(1000, h.options.scale, 2),
  members: 10,
  messages: scaled(20_000, h.options.scale, 100),
  window: 32,
  textBytes: 100,
}));
