/**
 * Preloaded into a child server (`--expose-gc --import probe.ts`) by the soak test: on SIGUSR2 it
 * runs a full GC and prints one `probe {json}` line with the heap and the live handles. Only
 * test code: the server itself knows nothing of it.
 */
const gc = (globalThis as { gc?: () => void }).gc;

export {};

process.on("SIGUSR2", () => {
  gc?.();
  gc?.();
  const resources: Record<string, number> = {};
  for (const r of process.getActiveResourcesInfo()) resources[r] = (resources[r] ?? 0) + 1;
  const mem = process.memoryUsage();
  const report = {
    heapUsed: mem.heapUsed,
    rss: mem.rss,
    handles: Object.values(resources).reduce((a, b) => a + b, 0),
    resources,
  };
  process.stderr.write(`probe ${JSON.stringify(report)}\n`);
});
