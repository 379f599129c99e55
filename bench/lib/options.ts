/** Scenario sizes and run options from the environment; the defaults are issue 11's sizes. */
export interface BenchOptions {
  /** Multiplies every scenario's size (connections, messages, duration); 1 = the sizes. */
  scale: number;
  /** A B A B … rounds per scenario (≥ 3 for a result worth quoting). */
  rounds: number;
  /** Load generator processes (connections are spread over them). */
  workers: number;
  /** Pin the server(s) to CPU 0 and the load to CPU 1 with taskset. */
  pin: boolean;
  /** Systems to run (all of a scenario's when empty), e.g. BENCH_SYSTEMS=parley,ws-limit. */
  systems: string[];
  /** How Parley's publishers send: the WebSocket's `send` frame (as the SDK does) or the REST call. */
  parleySend: "ws" | "rest";
  postgresUrl: string;
  redisUrl: string;
  chromium: string;
}

function num(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, got ${raw}`);
  return n;
}

function parleySend(raw: string | undefined): "ws" | "rest" {
  if (raw === undefined || raw === "" || raw === "ws") return "ws";
  if (raw === "rest") return "rest";
  throw new Error(`BENCH_PARLEY_SEND must be ws or rest, got ${raw}`);
}

export function loadOptions(): BenchOptions {
  return {
    scale: num("BENCH_SCALE", 1),
    rounds: Math.max(1, Math.round(num("BENCH_ROUNDS", 3))),
    workers: Math.max(1, Math.round(num("BENCH_WORKERS", 4))),
    pin: process.env.BENCH_PIN !== "0",
    systems: (process.env.BENCH_SYSTEMS ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
    parleySend: parleySend(process.env.BENCH_PARLEY_SEND),
    postgresUrl: process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432",
    redisUrl: process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379",
    chromium: process.env.BENCH_CHROMIUM ?? "/usr/bin/chromium",
  };
}

/** `n × scale`, at least `min`, rounded. */
export function scaled(n: number, scale: number, min = 1): number {
  return Math.max(min, Math.round(n * scale));
}
