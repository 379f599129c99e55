import { expect, test } from "vitest";
import { type CrashReport, runCrashScenario } from "./crash-scenario.js";

/**
 * Crash and resume, long version (`npm run test:long`): 20 seeds × 10,000 messages, 50 SDK
 * clients in 10 channels, SIGKILL at a seeded moment of each run. CRASH_SEEDS and
 * CRASH_MESSAGES override the defaults. Figures: docs/reliability.md.
 */
const SEEDS = Number(process.env.CRASH_SEEDS ?? 20);
const MESSAGES = Number(process.env.CRASH_MESSAGES ?? 10_000);
const reports: CrashReport[] = [];

test.each(Array.from({ length: SEEDS }, (_, i) => 101 + i))(
  `seed %i: ${MESSAGES} messages, SIGKILL, restart, resume`,
  async (seed) => {
    const report = await runCrashScenario({ seed, messages: MESSAGES });
    reports.push(report);
    const { problems, ...figures } = report;
    console.log("crash-resume", JSON.stringify(figures));
    expect(problems).toEqual([]);
  },
  30 * 60_000,
);

test("summary", () => {
  const sum = (f: (r: CrashReport) => number) => reports.reduce((n, r) => n + f(r), 0);
  console.log(
    "crash-resume summary",
    JSON.stringify({
      runs: reports.length,
      messages: sum((r) => r.messages),
      inFlightAtKill: sum((r) => r.inFlightAtKill),
      deduplicated: sum((r) => r.deduplicated),
      retried: sum((r) => r.retried),
      problems: sum((r) => r.problems.length),
      minutes: +(sum((r) => r.durationMs) / 60_000).toFixed(1),
    }),
  );
  expect(reports.every((r) => r.problems.length === 0)).toBe(true);
});
