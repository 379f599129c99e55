import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";

export interface MachineInfo {
  cpu: string;
  cores: number;
  memoryGiB: number;
  node: string;
  os: string;
  pinned: boolean;
}

let ticks: number | undefined;

/** Kernel clock ticks per second (USER_HZ), the unit of /proc CPU times. */
export function clockTicks(): number {
  if (ticks === undefined) {
    try {
      ticks = Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim()) || 100;
    } catch {
      ticks = 100;
    }
  }
  return ticks;
}

export function hasTaskset(): boolean {
  return ["/usr/bin/taskset", "/bin/taskset"].some((p) => existsSync(p));
}

export function machineInfo(pinned: boolean): MachineInfo {
  let cpu = cpus()[0]?.model ?? "unknown";
  try {
    const m = /^model name\s*:\s*(.+)$/m.exec(readFileSync("/proc/cpuinfo", "utf8"));
    if (m?.[1]) cpu = m[1].trim();
  } catch {}
  let os: string = process.platform;
  try {
    os = readFileSync("/proc/sys/kernel/osrelease", "utf8").trim();
  } catch {}
  return {
    cpu,
    cores: cpus().length,
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    os: `Linux ${os}`,
    pinned,
  };
}
