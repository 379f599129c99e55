import { expect, test } from "vitest";
import { runCrashScenario } from "./crash-scenario.js";

/**
 * Crash and resume, short version: 50 SDK clients in 10 channels, 1,000 messages, SIGKILL at a
 * seeded moment, restart on the same data dir and port. The long version (20 seeds × 10,000)
 * is crash-resume.long.test.ts.
 */
test("SIGKILL mid-burst: every acknowledged message is stored and delivered once, in order", async () => {
  const report = await runCrashScenario({ seed: Number(process.env.CRASH_SEED ?? 1), messages: 1000 });
  const { problems, ...figures } = report;
  console.log("crash-resume", JSON.stringify(figures));
  expect(problems).toEqual([]);
  expect(report.created + report.deduplicated).toBeGreaterThanOrEqual(1000);
}, 120_000);
