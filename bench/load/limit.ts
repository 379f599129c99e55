/** Runs `task(i)` for i in [0, n) with at most `concurrency` in flight. */
export async function forEachLimit(
  n: number,
  concurrency: number,
  task: (i: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const run = async () => {
    while (next < n) await task(next++);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, n) }, run));
}

/** Polls `done()` every `intervalMs` until it holds or `timeoutMs` passed; returns whether it held. */
export async function waitUntil(done: () => boolean, timeoutMs: number, intervalMs = 20): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  return true;
}
