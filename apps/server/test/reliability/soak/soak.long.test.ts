import { expect, test } from "vitest";
import { runSoak } from "./soak-scenario.js";

/**
 * Soak (`npm run test:long`): 2,000 sockets for SOAK_MINUTES (default 30) with 20 connects and
 * 20 disconnects a second and steady traffic; afterwards the server's heap (after a full GC)
 * and live handles are back at the baseline. Figures: docs/reliability.md.
 */
const MINUTES = Number(process.env.SOAK_MINUTES ?? 30);

test(
  `soak: 2,000 sockets, 20 connects/disconnects a second, ${MINUTES} min`,
  async () => {
    const report = await runSoak({
      sockets: Number(process.env.SOAK_SOCKETS ?? 2000),
      perChannel: 50,
      churn: Number(process.env.SOAK_CHURN ?? 20),
      messagesPerSecond: Number(process.env.SOAK_MESSAGES ?? 10),
      minutes: MINUTES,
    });
    console.log("soak", JSON.stringify(report));
    // Handles: one per socket and per timer; with the same sockets connected they match.
    expect(Math.abs(report.handlesDelta)).toBeLessThanOrEqual(Math.max(20, report.baseline.handles * 0.01));
    // Heap after GC: back within 10 % (+2 MB) of the baseline.
    expect(report.final.heapUsed).toBeLessThanOrEqual(report.baseline.heapUsed * 1.1 + 2 * 1024 * 1024);
  },
  4 * 3_600_000,
);
