import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { clockTicks } from "./machine.js";

/** A child process the harness started, with request/response over its IPC channel. */
export interface Child {
  readonly name: string;
  readonly proc: ChildProcess;
  readonly pid: number;
  /** Sends `{ op, ...args }` and resolves with the child's answer to it. */
  call<T = unknown>(op: string, args?: Record<string, unknown>, timeoutMs?: number): Promise<T>;
  /** Resolves when the child exits (with its exit code). */
  readonly exited: Promise<number | null>;
  kill(): Promise<void>;
}

export interface SpawnOptions {
  name: string;
  script: string;
  args?: string[];
  env?: Record<string, string>;
  /** CPU list for taskset (e.g. "0"); not pinned when undefined. */
  cpus?: string;
  nodeArgs?: string[];
  /** Milliseconds to wait for the child's `{ type: "ready" }` message. */
  readyTimeoutMs?: number;
}

let nextId = 1;

/**
 * Runs `work` with this process (every thread) pinned to `cpus`, then puts its CPU list back:
 * for a scenario that measures from the harness itself, which is then the load generator.
 */
export async function pinnedSelf<T>(cpus: string | undefined, work: () => Promise<T>): Promise<T> {
  if (cpus === undefined) return work();
  const pid = String(process.pid);
  const before = /: (\S+)\s*$/.exec(execFileSync("taskset", ["-c", "-p", pid]).toString())?.[1];
  execFileSync("taskset", ["-a", "-c", "-p", cpus, pid], { stdio: "ignore" });
  try {
    return await work();
  } finally {
    if (before) execFileSync("taskset", ["-a", "-c", "-p", before, pid], { stdio: "ignore" });
  }
}

/**
 * Starts `node script` (pinned with taskset when `cpus` is given), waits for its `ready` message
 * and returns a handle. Children exit on their own when the harness dies (IPC disconnect).
 */
export async function startChild(o: SpawnOptions): Promise<{ child: Child; ready: Record<string, unknown> }> {
  const nodeArgv = [...(o.nodeArgs ?? []), o.script, ...(o.args ?? [])];
  const [cmd, argv] =
    o.cpus !== undefined
      ? ["taskset", ["-c", o.cpus, process.execPath, ...nodeArgv]]
      : [process.execPath, nodeArgv];
  const proc = spawn(cmd, argv, {
    stdio: ["ignore", "pipe", "pipe", "ipc"],
    env: { ...process.env, ...o.env },
  });
  const stderr: string[] = [];
  proc.stderr?.on("data", (d: Buffer) => {
    const text = d.toString();
    stderr.push(text);
    if (stderr.length > 50) stderr.shift();
    if (process.env.BENCH_VERBOSE) process.stderr.write(`[${o.name}] ${text}`);
  });
  proc.stdout?.on("data", (d: Buffer) => {
    if (process.env.BENCH_VERBOSE) process.stdout.write(`[${o.name}] ${d.toString()}`);
  });
  const pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  const exited = new Promise<number | null>((resolve) => {
    proc.on("exit", (code) => {
      for (const p of pending.values()) p.reject(new Error(`${o.name} exited (${code}): ${stderr.join("")}`));
      pending.clear();
      resolve(code);
    });
  });
  const readyP = new Promise<Record<string, unknown>>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${o.name} not ready in time: ${stderr.join("")}`)),
      o.readyTimeoutMs ?? 60_000,
    );
    proc.on("message", (m: { type?: string; id?: number; result?: unknown; error?: string }) => {
      if (m.type === "ready") {
        clearTimeout(timer);
        resolve(m as Record<string, unknown>);
        return;
      }
      if (m.id === undefined) return;
      const p = pending.get(m.id);
      if (!p) return;
      pending.delete(m.id);
      if (m.error) p.reject(new Error(`${o.name}: ${m.error}`));
      else p.resolve(m.result);
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${o.name} exited (${code}) before ready: ${stderr.join("")}`));
    });
  });
  const child: Child = {
    name: o.name,
    proc,
    pid: proc.pid as number,
    call<T>(op: string, args: Record<string, unknown> = {}, timeoutMs = 600_000) {
      const id = nextId++;
      return new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new Error(`${o.name}: ${op} timed out`));
        }, timeoutMs);
        pending.set(id, {
          resolve: (v) => {
            clearTimeout(timer);
            resolve(v as T);
          },
          reject: (e) => {
            clearTimeout(timer);
            reject(e);
          },
        });
        proc.send({ id, op, ...args });
      });
    },
    exited,
    async kill() {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      proc.kill("SIGTERM");
      const timer = setTimeout(() => proc.kill("SIGKILL"), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
  try {
    return { child, ready: await readyP };
  } catch (err) {
    await child.kill();
    throw err;
  }
}

/** User + system CPU seconds a process has used so far, from /proc (all its threads). */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // After the command: state(0) … utime(11) stime(12).
  return (Number(fields[11]) + Number(fields[12])) / clockTicks();
}

/** Resident set size in bytes, from /proc. */
export function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const m = /VmRSS:\s+(\d+) kB/.exec(status);
  return m ? Number(m[1]) * 1024 : Number.NaN;
}
