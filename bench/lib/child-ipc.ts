/**
 * The child side of the harness's IPC: `serve({ op: handler })` answers `{ id, op, ...args }`
 * requests. Every child also answers `mem` (after a full GC when run with --expose-gc) and
 * exits when the harness goes away, so no run outlives the harness.
 */
export type Handler = (args: Record<string, unknown>) => unknown;

export interface MemoryReport {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
}

export async function fullGc(): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return;
  for (let i = 0; i < 3; i++) {
    gc();
    await new Promise((r) => setImmediate(r));
  }
}

export function serve(handlers: Record<string, Handler>, onStop?: () => Promise<void>): void {
  if (!process.send) throw new Error("run me from the bench harness (no IPC channel)");
  const all: Record<string, Handler> = {
    async mem(): Promise<MemoryReport> {
      await fullGc();
      const m = process.memoryUsage();
      return {
        rss: m.rss,
        heapUsed: m.heapUsed,
        heapTotal: m.heapTotal,
        external: m.external,
        arrayBuffers: m.arrayBuffers,
      };
    },
    async stop() {
      await onStop?.();
      setImmediate(() => process.exit(0));
      return true;
    },
    ...handlers,
  };
  process.on("message", (msg: { id: number; op: string } & Record<string, unknown>) => {
    const h = all[msg.op];
    if (!h) {
      process.send?.({ id: msg.id, error: `unknown op ${msg.op}` });
      return;
    }
    Promise.resolve()
      .then(() => h(msg))
      .then(
        (result) => process.send?.({ id: msg.id, result: result ?? null }),
        (err: unknown) =>
          process.send?.({ id: msg.id, error: err instanceof Error ? err.stack : String(err) }),
      );
  });
  process.on("disconnect", () => process.exit(0));
  process.on("SIGTERM", () => {
    void Promise.resolve(onStop?.()).finally(() => process.exit(0));
  });
}

export function ready(info: Record<string, unknown> = {}): void {
  process.send?.({ type: "ready", ...info });
}
