import { ChildServer } from "../support/child-server.js";
import { cpuSeconds, sampleCpu } from "../support/cpu.js";
import { Crowd } from "../support/crowd.js";
import { listenOverflows } from "../support/netstat.js";
import { sleep, until } from "../support/prng.js";

export interface StormReport {
  clients: number;
  channels: number;
  /** Seconds from the drop until 50 %, 99 % and every client had resumed (`connection.recovered`). */
  p50: number;
  p99: number;
  all: number;
  /** Messages posted while the clients were away or resuming, and how many a client lacked. */
  postedDuringStorm: number;
  lost: number;
  /** Server CPU in % of one core, over 250 ms windows, from the drop until all had resumed. */
  serverCpuPeak: number;
  serverCpuMean: number;
  /** The test process (all the clients) over the same time. */
  clientCpuMean: number;
  /** Reconnect attempts that failed (and backed off again), and SYNs the kernel dropped because
   * an accept queue was full (machine-wide counter, during the storm). */
  failedReconnects: number;
  listenOverflows: number;
  setupSeconds: number;
}

/**
 * Reconnect storm: `clients` SDK clients (one user each, `perChannel` per channel, sockets
 * spread over 8 local addresses) are connected and listing their channel; then every socket is
 * cut at once. Each client reconnects with the SDK's backoff (full jitter, 500 ms base, 30 s
 * cap) and resumes (re-auth, re-watch from its last seq, re-query the list, refresh unread).
 * Meanwhile every channel gets `rounds` new messages, one round a second. Each client must end
 * up with every message of its channel.
 */
export async function runStorm(opts: {
  clients: number;
  perChannel: number;
  rounds: number;
}): Promise<StormReport> {
  const t0 = performance.now();
  const server = await ChildServer.start();
  let crowd: Crowd | undefined;
  try {
    let failedReconnects = 0;
    crowd = await Crowd.create(server, {
      clients: opts.clients,
      perChannel: opts.perChannel,
      logger: (_i, _level, message) => {
        if (message.startsWith("reconnect failed")) failedReconnects++;
      },
    });
    await crowd.connectAll(100);
    const warm = await Promise.all(crowd.cids.map((cid) => crowd!.post(cid, "warm-up")));
    const c = crowd;
    await until(() => c.members.every((m) => warm.some((id) => c.has(m, id))), 60_000, "warm-up delivered");
    const setupSeconds = (performance.now() - t0) / 1000;

    const cpu = sampleCpu(server.pid!);
    const clientCpu0 = cpuSeconds(process.pid);
    const overflows0 = listenOverflows();
    failedReconnects = 0;
    const dropAt = performance.now();
    c.dropAll();
    const posted = new Map<string, string[]>(c.cids.map((cid) => [cid, []]));
    const sender = (async () => {
      for (let round = 0; round < opts.rounds; round++) {
        const ids = await Promise.all(c.cids.map((cid) => c.post(cid, `storm ${round}`)));
        ids.forEach((id, i) => {
          posted.get(c.cids[i]!)!.push(id);
        });
        await sleep(1000);
      }
    })();
    await until(() => c.members.every((m) => m.recoveredAt !== undefined), 300_000, "every client resumed");
    const usage = cpu.stop();
    const overflows = listenOverflows() - overflows0;
    const clientCpuMean =
      ((cpuSeconds(process.pid) - clientCpu0) / ((performance.now() - dropAt) / 1000)) * 100;
    await sender;
    const missing = () =>
      c.members.reduce((n, m) => n + posted.get(m.cid)!.filter((id) => !c.has(m, id)).length, 0);
    await until(() => missing() === 0, 60_000, "every message delivered").catch(() => undefined);

    const times = c.members.map((m) => (m.recoveredAt! - dropAt) / 1000).sort((a, b) => a - b);
    const at = (q: number) => +times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!.toFixed(2);
    return {
      clients: opts.clients,
      channels: c.cids.length,
      p50: at(0.5),
      p99: at(0.99),
      all: at(1),
      postedDuringStorm: [...posted.values()].reduce((n, l) => n + l.length, 0),
      lost: missing(),
      serverCpuPeak: usage.peak,
      serverCpuMean: usage.mean,
      clientCpuMean: Math.round(clientCpuMean),
      failedReconnects,
      listenOverflows: overflows,
      setupSeconds: Math.round(setupSeconds),
    };
  } finally {
    await crowd?.disconnectAll();
    await server.dispose();
  }
}
