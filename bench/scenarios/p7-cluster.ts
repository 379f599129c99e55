import { scaled } from "../lib/options.js";
import type { Harness } from "../systems/system.js";
import { type FanoutShape, fanoutPlan, runFanout } from "./fanout.js";
import { fanoutMetrics } from "./p2-fanout.js";
import { atLeast, ratio, type Scenario } from "./scenario.js";
import { systems } from "./systems.js";

/**
 * P7: the P2 fan-outs on PostgreSQL, one node against two nodes joined by Redis (receivers
 * split between the nodes, the sender on node 0), and Socket.IO's Redis adapter on two nodes.
 * CPU is the sum over the nodes (PostgreSQL and Redis themselves are not counted, for anyone).
 */
function p7(id: string, title: string, shape: (h: Harness) => FanoutShape): Scenario {
  return {
    id,
    title,
    systems: [systems.parleyPg2(), systems.parleyPg(), systems.socketioRedis2()],
    metrics: fanoutMetrics,
    targets: [
      {
        label: "2 nodes vs 1 node (deliveries/CPU-s)",
        value: ratio("perCpuSecond", "parley-pg×2", "parley-pg"),
        goal: "≥ 0.7×",
        met: atLeast(0.7),
      },
      {
        label: "2 nodes vs socketio-redis×2",
        value: ratio("perCpuSecond", "parley-pg×2", "socketio-redis×2"),
        goal: "≥ 2×",
        met: atLeast(2),
      },
      {
        label: "lost deliveries",
        value: (m) => m["parley-pg×2"]?.lost ?? Number.NaN,
        goal: "= 0",
        met: (v) => v === 0,
      },
    ],
    sizes: (h) => ({ ...shape(h) }),
    plan: (h) => fanoutPlan(shape(h)),
    run: (h, sys) => runFanout(h, sys, shape(h)),
  };
}

// Half of P2's sizes: each run connects every receiver through PostgreSQL-backed auth, and
// three systems × three rounds must fit in minutes.
export const p7a = p7("p7a", "P7a two nodes + PostgreSQL + Redis: 1 channel × 5,000 members", (h) => ({
  channels: 1,
  members: scaled(5_000, h.options.scale, 10),
  messages: scaled(100, h.options.scale, 10),
  window: 8,
  textBytes: 100,
}));

export const p7b = p7("p7b", "P7b two nodes + PostgreSQL + Redis: 500 channels × 10 members", (h) => ({
  channels: scaled(500, h.options.scale, 2),
  members: 10,
  messages: scaled(5_000, h.options.scale, 100),
  window: 32,
  textBytes: 100,
}));
