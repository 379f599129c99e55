import type { MemoryReport } from "../lib/child-ipc.js";
import type { BenchOptions } from "../lib/options.js";
import { type Child, cpuSeconds } from "../lib/proc.js";
import type { SeedPlan } from "./seed.js";

/** What every system start gets from the harness. */
export interface Harness {
  options: BenchOptions;
  /** Bundled programs by name (bench/lib/build.ts). */
  scripts: Record<string, string>;
  /** A fresh temporary directory per call. */
  tmpDir(prefix: string): string;
  /** CPU list for servers and for load generators (undefined: not pinned). */
  serverCpus: string | undefined;
  loadCpus: string | undefined;
  appKey: string;
  appSecret: string;
}

/** A system under test, started and ready. */
export interface RunningSystem {
  name: string;
  /** How load clients speak to it. */
  protocol: "ws" | "socketio";
  /** How publishers send messages. */
  sendVia: "rest" | "ws" | "socketio";
  apiKey: string;
  nodes: Child[];
  /** The WebSocket (or Socket.IO) URL of node `i`. */
  connectUrl(i: number): string;
  /** The HTTP origin of node `i`. */
  httpUrl(i: number): string;
  token(user: string): string;
  /** CPU seconds used so far by every node. */
  cpuSeconds(): number;
  memory(): Promise<MemoryReport[]>;
  stop(): Promise<void>;
}

/** How to start one kind of system for a scenario's plan. */
export interface SystemSpec {
  name: string;
  /** Work done once per scenario (seeding a template database, minting tokens). */
  prepare?(h: Harness, plan: SeedPlan): Promise<void>;
  start(h: Harness, plan: SeedPlan): Promise<RunningSystem>;
}

export interface Node {
  child: Child;
  port: number;
}

/** Node flags for a Parley server: `--expose-gc`, and a CPU profile per process when BENCH_PROFILE names a directory. */
export function parleyNodeArgs(): string[] {
  const dir = process.env.BENCH_PROFILE;
  return ["--expose-gc", ...(dir ? ["--cpu-prof", `--cpu-prof-dir=${dir}`] : [])];
}

export function nodesCpu(nodes: readonly Child[]): number {
  return nodes.reduce((s, c) => s + cpuSeconds(c.pid), 0);
}

export async function stopNodes(nodes: readonly Child[]): Promise<void> {
  await Promise.all(
    nodes.map(async (c) => {
      await c.call("stop", {}, 15_000).catch(() => undefined);
      await c.kill();
    }),
  );
}
