import type {
  ClientSpec,
  ConnectArgs,
  CountReport,
  PublishArgs,
  PublishReport,
  RecordMode,
} from "../load/types.js";
import type { Harness, RunningSystem } from "../systems/system.js";
import { type Child, cpuSeconds, startChild } from "./proc.js";

/** Source addresses worker `w` binds to: 4 per worker, so no address runs out of ports. */
function addressesOf(w: number): string[] {
  return [0, 1, 2, 3].map((k) => `127.0.0.${10 + w * 4 + k}`);
}

export interface ConnectResult {
  ok: number;
  failed: number;
  /** Connection attempts that failed and were tried again. */
  retries: number;
  ms: number;
  errors: string[];
}

/**
 * The load generator side, seen from the harness: `workers` receiving processes (clients are
 * spread over them in contiguous slices) and one publishing process, all pinned to the load CPU.
 */
export class Load {
  private slices: ClientSpec[][] = [];

  private constructor(
    private readonly workers: Child[],
    readonly publisher: Child,
  ) {}

  static async start(h: Harness, workers = h.options.workers): Promise<Load> {
    const start = (name: string) =>
      startChild({
        name,
        script: h.scripts.worker as string,
        cpus: h.loadCpus,
        nodeArgs: ["--max-old-space-size=4096"],
      }).then((r) => r.child);
    const all = await Promise.all([
      ...Array.from({ length: workers }, (_, i) => start(`load#${i}`)),
      start("publisher"),
    ]);
    return new Load(all.slice(0, workers), all[workers] as Child);
  }

  /** Opens `clients` against `sys` (client.node picks the server node) and waits until all watch. */
  async connect(
    sys: RunningSystem,
    clients: ClientSpec[],
    record: RecordMode,
    concurrency = 64,
    watchLater = false,
  ): Promise<ConnectResult> {
    const n = this.workers.length;
    const per = Math.ceil(clients.length / n);
    this.slices = this.workers.map((_, w) => clients.slice(w * per, (w + 1) * per));
    const urls = sys.nodes.map((_, i) => sys.connectUrl(i));
    const t0 = Date.now();
    const results = await Promise.all(
      this.workers.map((worker, w) =>
        worker.call<ConnectResult>("connect", {
          protocol: sys.protocol,
          urls,
          apiKey: sys.apiKey,
          clients: this.slices[w] ?? [],
          localAddresses: addressesOf(w),
          concurrency: Math.max(1, Math.round(concurrency / n)),
          record,
          watchLater,
        } satisfies ConnectArgs),
      ),
    );
    if (watchLater) {
      // Everyone is online now: watching from here on sends no presence storm.
      const watched = await Promise.all(this.workers.map((w) => w.call<ConnectResult>("watch")));
      for (const r of watched) {
        results.push({ ...r, ok: 0 });
      }
    }
    return {
      ok: results.reduce((s, r) => s + r.ok, 0),
      failed: results.reduce((s, r) => s + r.failed, 0),
      retries: results.reduce((s, r) => s + r.retries, 0),
      ms: Date.now() - t0,
      errors: results.flatMap((r) => r.errors),
    };
  }

  async counts(): Promise<CountReport> {
    const all = await Promise.all(this.workers.map((w) => w.call<CountReport>("counts")));
    return {
      delivered: all.reduce((s, r) => s + r.delivered, 0),
      clients: all.reduce((s, r) => s + r.clients, 0),
      open: all.reduce((s, r) => s + r.open, 0),
      minPerClient: Math.min(...all.filter((r) => r.clients > 0).map((r) => r.minPerClient)),
      maxPerClient: Math.max(...all.map((r) => r.maxPerClient)),
    };
  }

  async reset(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.call("reset")));
  }

  /** message id → [latest arrival µs over every receiver, receivers]. */
  async arrivals(): Promise<Map<string, [number, number]>> {
    const merged = new Map<string, [number, number]>();
    for (const w of this.workers) {
      for (const [id, t, n] of await w.call<[string, number, number][]>("arrivals")) {
        const a = merged.get(id);
        if (a) {
          a[0] = Math.max(a[0], t);
          a[1] += n;
        } else merged.set(id, [t, n]);
      }
    }
    return merged;
  }

  async drop(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.call("drop")));
  }

  /** Reconnects every client with resume; answers each client's catch-up time in µs (-1: never). */
  async resume(
    missed: number,
  ): Promise<{ ok: number; failed: number; caughtUp: number[]; errors: string[] }> {
    const all = await Promise.all(
      this.workers.map((w) =>
        w.call<{ ok: number; failed: number; startedAt: number; caughtUp: number[]; errors: string[] }>(
          "resume",
          {
            missed,
          },
        ),
      ),
    );
    // Workers start within a few ms of each other; measure every client from the earliest start.
    const t0 = Math.min(...all.map((r) => r.startedAt));
    return {
      ok: all.reduce((s, r) => s + r.ok, 0),
      failed: all.reduce((s, r) => s + r.failed, 0),
      caughtUp: all.flatMap((r) => r.caughtUp.map((t) => (t < 0 ? -1 : t + r.startedAt - t0))),
      errors: all.flatMap((r) => r.errors),
    };
  }

  async openSender(args: PublishArgs): Promise<void> {
    await this.publisher.call("openSender", args as unknown as Record<string, unknown>);
  }

  publish(args: PublishArgs): Promise<PublishReport> {
    return this.publisher.call<PublishReport>(
      "publish",
      args as unknown as Record<string, unknown>,
      3_600_000,
    );
  }

  /** CPU seconds the load processes used so far (to see whether the load was the bottleneck). */
  cpuSeconds(): number {
    return [...this.workers, this.publisher].reduce((s, c) => s + cpuSeconds(c.pid), 0);
  }

  async stop(): Promise<void> {
    await Promise.all([...this.workers, this.publisher].map((c) => c.kill()));
  }
}
