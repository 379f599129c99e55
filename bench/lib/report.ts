import type { Scenario } from "../scenarios/scenario.js";
import type { MachineInfo } from "./machine.js";
import type { ScenarioResult } from "./results.js";
import { fmt, table } from "./table.js";

/** The medians table of one scenario, then its targets. */
export function renderScenario(s: Pick<Scenario, "metrics">, r: ScenarioResult): string {
  const systems = Object.keys(r.medians);
  const header = ["system", ...s.metrics.map((m) => m.label)];
  const rows = systems.map((name) => [
    name,
    ...s.metrics.map((m) => fmt(r.medians[name]?.[m.key], m.digits ?? 0)),
  ]);
  const sizes = Object.entries(r.sizes)
    .map(([k, v]) => `${k}=${typeof v === "number" ? v.toLocaleString("en-US") : v}`)
    .join(", ");
  const lines = [
    `### ${r.title}`,
    "",
    `Medians of ${r.rounds} round(s), scale ${r.scale}: ${sizes}`,
    ...(r.machine ? ["", `Ran ${r.ranAt.slice(0, 10)} on ${describeMachine(r.machine)}.`] : []),
    "",
    table(header, rows),
    "",
    table(
      ["target", "goal", "measured", "met"],
      r.targets.map((t) => [
        t.label,
        t.goal,
        fmt(t.value, Math.abs(t.value) < 100 ? 2 : 0),
        t.met ? "yes" : "NO",
      ]),
    ),
  ];
  if (r.notes.length > 0) lines.push("", ...r.notes.map((n) => `- ${n}`));
  return lines.join("\n");
}

export function describeMachine(m: MachineInfo): string {
  return (
    `${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB, Node ${m.node}, ${m.os}; ` +
    `${m.pinned ? "server pinned to CPU 0, load to CPU 1" : "not pinned"}`
  );
}
