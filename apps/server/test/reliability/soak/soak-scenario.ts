import { loadavg } from "node:os";
import { ChildServer, type ProbeReport } from "../support/child-server.js";
import { Crowd, type Member } from "../support/crowd.js";
import { prng, sleep } from "../support/prng.js";

export interface SoakOptions {
  sockets: number;
  perChannel: number;
  /** Connects and disconnects per second (each: one of each). */
  churn: number;
  /** Messages posted per second, spread over the channels. */
  messagesPerSecond: number;
  minutes: number;
}

export interface SoakReport extends SoakOptions {
  baseline: ProbeReport;
  final: ProbeReport;
  /** Heap after GC, sampled every minute: MB per hour of a least-squares fit. */
  heapGrowthMbPerHour: number;
  heapDeltaMb: number;
  handlesDelta: number;
  connects: number;
  disconnects: number;
  messages: number;
  /** Heap samples (MB after GC) every minute. */
  heapMb: number[];
  loadavg: number[];
}

const MB = 1024 * 1024;
/**
 * Idle time before each heap/handle reading: longer than Fastify's HTTP keep-alive timeout
 * (72 s), so keep-alive connections the clients' REST calls left open are gone on both sides.
 */
const SETTLE_MS = 80_000;

/**
 * Soak: `sockets` SDK clients stay connected for `minutes`; every second `churn` of them
 * disconnect and as many connect (fresh clients), while `messagesPerSecond` messages flow. The
 * server runs with a probe that reports its heap after a full GC and its live handles. The
 * baseline is taken after warm-up with every socket connected; the final figure after the churn
 * and traffic stop, again with every socket connected (both after SETTLE_MS idle).
 */
export async function runSoak(opts: SoakOptions): Promise<SoakReport> {
  const server = await ChildServer.start({ probe: true });
  const rng = prng(42);
  let crowd: Crowd | undefined;
  try {
    crowd = await Crowd.create(server, { clients: opts.sockets, perChannel: opts.perChannel });
    const c = crowd;
    await c.connectAll(100);
    await sleep(SETTLE_MS);
    const baseline = await server.probe();
    const heap: { t: number; mb: number }[] = [{ t: 0, mb: baseline.heapUsed / MB }];
    let connects = 0;
    let disconnects = 0;
    let messages = 0;
    const start = Date.now();
    const end = start + opts.minutes * 60_000;
    let nextProbe = start + 60_000;
    const cycling = new Set<Member>();
    while (Date.now() < end) {
      const tick = Date.now();
      const online = c.members.filter((m) => m.client && !cycling.has(m));
      for (let i = 0; i < opts.churn && online.length > 0; i++) {
        const m = online.splice(rng.int(0, online.length - 1), 1)[0]!;
        cycling.add(m);
        void (async () => {
          await c.disconnect(m);
          disconnects++;
          await c.connect(m);
          connects++;
        })()
          .catch(() => undefined)
          .finally(() => cycling.delete(m));
      }
      for (let i = 0; i < opts.messagesPerSecond; i++) {
        void c
          .post(rng.pick(c.cids), `soak ${messages}`)
          .then(() => messages++)
          .catch(() => undefined);
      }
      if (Date.now() >= nextProbe) {
        nextProbe += 60_000;
        heap.push({ t: (Date.now() - start) / 3_600_000, mb: (await server.probe()).heapUsed / MB });
      }
      await sleep(Math.max(0, 1000 - (Date.now() - tick)));
    }
    while (cycling.size > 0) await sleep(100);
    await Promise.all(c.members.filter((m) => !m.client).map((m) => c.connect(m)));
    await sleep(SETTLE_MS);
    const final = await server.probe();
    heap.push({ t: (Date.now() - start) / 3_600_000, mb: final.heapUsed / MB });
    return {
      ...opts,
      baseline,
      final,
      heapGrowthMbPerHour: +slope(heap).toFixed(2),
      heapDeltaMb: +((final.heapUsed - baseline.heapUsed) / MB).toFixed(2),
      handlesDelta: final.handles - baseline.handles,
      connects,
      disconnects,
      messages,
      heapMb: heap.map((h) => +h.mb.toFixed(1)),
      loadavg: loadavg().map((x) => +x.toFixed(1)),
    };
  } finally {
    await crowd?.disconnectAll();
    await server.dispose();
  }
}

/** Least-squares slope of mb over t (hours). */
function slope(points: { t: number; mb: number }[]): number {
  const n = points.length;
  if (n < 2) return 0;
  const mt = points.reduce((a, p) => a + p.t, 0) / n;
  const mm = points.reduce((a, p) => a + p.mb, 0) / n;
  const num = points.reduce((a, p) => a + (p.t - mt) * (p.mb - mm), 0);
  const den = points.reduce((a, p) => a + (p.t - mt) ** 2, 0);
  return den === 0 ? 0 : num / den;
}
