import { p1 } from "./p1-idle.js";
import { p2a, p2b } from "./p2-fanout.js";
import { p3 } from "./p3-latency.js";
import { p4 } from "./p4-throughput.js";
import { p5 } from "./p5-reads.js";
import { p6 } from "./p6-resume.js";
import { p7a, p7b } from "./p7-cluster.js";
import { p8 } from "./p8-web.js";
import type { Scenario } from "./scenario.js";

/** Every scenario by id, in run order. */
export const SCENARIOS: Scenario[] = [p1, p2a, p2b, p3, p4, p5, p6, p7a, p7b, p8];

/** `p2` selects p2a and p2b; `all` (or nothing) selects every scenario. */
export function select(args: readonly string[]): Scenario[] {
  const wanted = args.map((a) => a.toLowerCase()).filter((a) => a !== "all");
  if (wanted.length === 0) return SCENARIOS;
  const picked = SCENARIOS.filter((s) => wanted.some((w) => s.id === w || s.id.replace(/[a-z]$/, "") === w));
  const unknown = wanted.filter(
    (w) => !SCENARIOS.some((s) => s.id === w || s.id.replace(/[a-z]$/, "") === w),
  );
  if (unknown.length > 0) {
    throw new Error(
      `unknown scenario ${unknown.join(", ")}; known: ${SCENARIOS.map((s) => s.id).join(", ")}`,
    );
  }
  return picked;
}
