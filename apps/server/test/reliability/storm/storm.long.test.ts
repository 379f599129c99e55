import { expect, test } from "vitest";
import { runStorm } from "./storm-scenario.js";

/**
 * Reconnect storm (`npm run test:long`): 5,000 clients lose their sockets at once and come back
 * with backoff and full jitter; all resume and none loses a message. STORM_CLIENTS,
 * STORM_PER_CHANNEL and STORM_ROUNDS override the size. Figures: docs/reliability.md.
 */
const CLIENTS = Number(process.env.STORM_CLIENTS ?? 5000);

test(`reconnect storm: ${CLIENTS} clients drop at once, all resume, none loses a message`, async () => {
  const report = await runStorm({
    clients: CLIENTS,
    perChannel: Number(process.env.STORM_PER_CHANNEL ?? 50),
    rounds: Number(process.env.STORM_ROUNDS ?? 10),
  });
  console.log("reconnect-storm", JSON.stringify(report));
  expect(report.lost).toBe(0);
  expect(report.all).toBeGreaterThan(0);
}, 1_800_000);
