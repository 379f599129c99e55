import { Load } from "../lib/load.js";
import { debug } from "../lib/log.js";
import { waitForDeliveries } from "../lib/settle.js";
import type { ClientSpec, SendTarget } from "../load/types.js";
import { cidOf, type SeedPlan } from "../systems/seed.js";
import type { Harness, RunningSystem } from "../systems/system.js";
import type { Metrics } from "./scenario.js";

/** `channels` channels of `members` receivers each, plus one sender who is in every channel. */
export interface FanoutShape {
  channels: number;
  members: number;
  /** Messages in total, round-robin over the channels. */
  messages: number;
  /** Sends in flight at once. */
  window: number;
  textBytes: number;
}

export const SENDER = "sender";

export function fanoutPlan(s: FanoutShape): SeedPlan {
  const users = [SENDER];
  const channels = [];
  for (let c = 0; c < s.channels; c++) {
    const members = [SENDER];
    for (let k = 0; k < s.members; k++) {
      const u = `r${c * s.members + k}`;
      users.push(u);
      members.push(u);
    }
    channels.push({ id: `fan${c}`, members });
  }
  return { users, channels };
}

/**
 * Connects every receiver (spread over the nodes), sends the messages, waits until every
 * delivery arrived (or none arrives for a while), and reports deliveries per server CPU-second.
 */
export async function runFanout(h: Harness, sys: RunningSystem, s: FanoutShape): Promise<Metrics> {
  const load = await Load.start(h);
  try {
    const clients: ClientSpec[] = [];
    for (let c = 0; c < s.channels; c++) {
      for (let k = 0; k < s.members; k++) {
        const user = `r${c * s.members + k}`;
        clients.push({
          user,
          token: sys.token(user),
          cids: [cidOf(`fan${c}`)],
          node: clients.length % sys.nodes.length,
        });
      }
    }
    // Everyone authenticates first, then watches (see ConnectArgs.watchLater).
    const conn = await load.connect(sys, clients, "count", 32, true);
    debug(`connected ${conn.ok} in ${conn.ms} ms`);
    if (conn.failed > 0)
      throw new Error(`${conn.failed} clients failed to connect: ${conn.errors.join("; ")}`);
    const targets: SendTarget[] = Array.from({ length: s.channels }, (_, c) => ({
      cid: cidOf(`fan${c}`),
      user: SENDER,
      token: sys.token(SENDER),
    }));
    const args = {
      via: sys.sendVia,
      url: sys.sendVia === "ws" ? sys.connectUrl(0) : sys.httpUrl(0),
      apiKey: sys.apiKey,
      targets,
      count: s.messages,
      window: s.window,
      textBytes: s.textBytes,
      localAddress: "127.0.0.2",
      timestamps: false,
    };
    await load.openSender(args);
    await new Promise((r) => setTimeout(r, 1000));
    await load.reset();
    const cpu0 = sys.cpuSeconds();
    const load0 = load.cpuSeconds();
    const t0 = Date.now();
    const sent = await load.publish(args);
    debug(`published ${sent.acked}/${sent.sent} in ${sent.ms} ms`, sent.firstError ?? "");
    const expected = sent.acked * s.members;
    const counts = await waitForDeliveries(load, expected);
    const ms = Date.now() - t0;
    const cpu = sys.cpuSeconds() - cpu0;
    return {
      deliveries: counts.delivered,
      lost: expected - counts.delivered,
      sendErrors: sent.errors,
      serverCpu: cpu,
      perCpuSecond: counts.delivered / cpu,
      perSecond: (counts.delivered / ms) * 1000,
      loadCpu: load.cpuSeconds() - load0,
      connectSeconds: conn.ms / 1000,
    };
  } finally {
    await load.stop();
  }
}
