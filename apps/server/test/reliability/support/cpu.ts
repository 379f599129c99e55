import { readFileSync } from "node:fs";

/** CPU time (user + system) of a process in seconds, from /proc (Linux; clock ticks are 100 Hz). */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields after the command name (which may hold spaces) start after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

export interface CpuSampler {
  /** Stops sampling: the peak and mean CPU use in percent of one core, over `intervalMs` windows. */
  stop(): { peak: number; mean: number; samples: number };
}

/** Samples a process's CPU use every `intervalMs` (100 % = one core busy). */
export function sampleCpu(pid: number, intervalMs = 250): CpuSampler {
  const start = { t: performance.now(), cpu: cpuSeconds(pid) };
  let last = start;
  let peak = 0;
  let samples = 0;
  const timer = setInterval(() => {
    try {
      const now = { t: performance.now(), cpu: cpuSeconds(pid) };
      const pct = ((now.cpu - last.cpu) / ((now.t - last.t) / 1000)) * 100;
      peak = Math.max(peak, pct);
      samples++;
      last = now;
    } catch {
      // the process is gone
    }
  }, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      const end = { t: performance.now(), cpu: safe(() => cpuSeconds(pid), last.cpu) };
      const mean = ((end.cpu - start.cpu) / ((end.t - start.t) / 1000)) * 100;
      return { peak: Math.round(peak), mean: Math.round(mean), samples };
    },
  };
}

function safe<T>(f: () => T, fallback: T): T {
  try {
    return f();
  } catch {
    return fallback;
  }
}
