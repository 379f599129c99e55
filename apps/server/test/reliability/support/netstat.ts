import { readFileSync } from "node:fs";

/** Kernel TCP counters (Linux /proc/net/netstat): connections dropped because an accept queue was full. */
export function listenOverflows(): number {
  const lines = readFileSync("/proc/net/netstat", "utf8").split("\n");
  for (let i = 0; i + 1 < lines.length; i += 2) {
    if (!lines[i]!.startsWith("TcpExt:")) continue;
    const keys = lines[i]!.split(/\s+/);
    const values = lines[i + 1]!.split(/\s+/);
    return Number(values[keys.indexOf("ListenOverflows")] ?? 0);
  }
  return 0;
}
