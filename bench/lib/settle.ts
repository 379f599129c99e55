import type { CountReport } from "../load/types.js";
import type { Load } from "./load.js";

/** Waits until `expected` deliveries arrived, or none arrived for `quietMs`; answers the last count. */
export async function waitForDeliveries(load: Load, expected: number, quietMs = 5000): Promise<CountReport> {
  let last = await load.counts();
  let lastChange = Date.now();
  while (last.delivered < expected && Date.now() - lastChange < quietMs) {
    await new Promise((r) => setTimeout(r, 50));
    const now = await load.counts();
    if (now.delivered !== last.delivered) lastChange = Date.now();
    last = now;
  }
  return last;
}
