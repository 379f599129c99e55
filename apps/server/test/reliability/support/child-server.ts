import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root (the child runs from there so `--import tsx` resolves). */
export const REPO_ROOT = fileURLToPath(new URL("../../../../../", import.meta.url));
const MAIN = join(REPO_ROOT, "apps/server/src/main.ts");
const PROBE = join(REPO_ROOT, "apps/server/test/reliability/support/probe.ts");

export interface ChildServerOptions {
  /** Extra environment for the server (LOG_LEVEL, UPLOAD_MAX_BYTES…). */
  env?: Record<string, string>;
  /** Loads the heap/handle probe (answers SIGUSR2 with a `probe` line on stderr). */
  probe?: boolean;
  /** Keep at most this many output lines (the tail), for failure reports. */
  keepLines?: number;
  /** Share another node's APP_KEY and APP_SECRET (nodes of one deployment must). */
  secrets?: { appKey: string; appSecret: string };
}

export interface ProbeReport {
  heapUsed: number;
  rss: number;
  handles: number;
  resources: Record<string, number>;
}

/**
 * The real server as a child process (`node --import tsx apps/server/src/main.ts`) on a fixed
 * port and data directory, so it can be SIGKILLed and started again on both. APP_KEY and
 * APP_SECRET are fixed per instance, so tokens minted before a crash stay valid after it.
 */
export class ChildServer {
  readonly port: number;
  readonly dataDir: string;
  readonly appKey: string;
  readonly appSecret: string;
  readonly output: string[] = [];
  #child: ChildProcess | undefined;
  #exited: Promise<number | null> = Promise.resolve(null);
  readonly #opts: ChildServerOptions;
  #probeWaiters: ((r: ProbeReport) => void)[] = [];

  private constructor(port: number, dataDir: string, opts: ChildServerOptions) {
    this.port = port;
    this.dataDir = dataDir;
    this.#opts = opts;
    this.appKey = opts.secrets?.appKey ?? `key${randomBytes(6).toString("hex")}`;
    this.appSecret = opts.secrets?.appSecret ?? randomBytes(32).toString("base64url");
  }

  static async start(opts: ChildServerOptions = {}): Promise<ChildServer> {
    const server = new ChildServer(await freePort(), mkdtempSync(join(tmpdir(), "parley-rel-")), opts);
    await server.restart();
    return server;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get pid(): number | undefined {
    return this.#child?.pid;
  }

  get running(): boolean {
    return this.#child !== undefined && this.#child.exitCode === null && this.#child.signalCode === null;
  }

  /** Starts the process (again) and resolves once `/healthz` answers. */
  async restart(): Promise<void> {
    if (this.running) throw new Error("the server is still running");
    const args = [...(this.#opts.probe ? ["--expose-gc", "--import", "tsx", "--import", PROBE] : [])];
    if (!this.#opts.probe) args.push("--import", "tsx");
    args.push(MAIN);
    const child = spawn(process.execPath, args, {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? "",
        PORT: String(this.port),
        HOST: "127.0.0.1",
        DATA_DIR: this.dataDir,
        APP_KEY: this.appKey,
        APP_SECRET: this.appSecret,
        LOG_LEVEL: "warn",
        DATABASE_URL: "",
        REDIS_URL: "",
        ...this.#opts.env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    this.#child = child;
    this.#exited = new Promise((resolve) => child.once("exit", (code) => resolve(code)));
    const keep = this.#opts.keepLines ?? 200;
    const onData = (chunk: Buffer) => {
      for (const line of chunk.toString().split("\n")) {
        if (!line) continue;
        if (line.startsWith("probe ")) {
          const report = JSON.parse(line.slice(6)) as ProbeReport;
          for (const w of this.#probeWaiters.splice(0)) w(report);
          continue;
        }
        this.output.push(line);
        if (this.output.length > keep) this.output.shift();
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    await this.#waitHealthy(child);
  }

  /** Sends a signal (SIGKILL by default) and waits for the process to be gone. */
  async kill(signal: NodeJS.Signals = "SIGKILL"): Promise<void> {
    const child = this.#child;
    if (!child || !this.running) return;
    child.kill(signal);
    await this.#exited;
  }

  /** Asks the probe for a GC'd heap figure and the live handle count. */
  probe(timeoutMs = 10_000): Promise<ProbeReport> {
    const child = this.#child;
    if (!child || !this.#opts.probe) throw new Error("started without the probe");
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("no probe report")), timeoutMs);
      this.#probeWaiters.push((r) => {
        clearTimeout(timer);
        resolve(r);
      });
      child.kill("SIGUSR2");
    });
  }

  /** Stops the process (SIGTERM, then SIGKILL) and removes the data directory. */
  async dispose(): Promise<void> {
    if (this.running) {
      const force = setTimeout(() => this.#child?.kill("SIGKILL"), 5_000);
      await this.kill("SIGTERM");
      clearTimeout(force);
    }
    rmSync(this.dataDir, { recursive: true, force: true });
  }

  async #waitHealthy(child: ChildProcess): Promise<void> {
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`server exited at start:\n${this.output.slice(-20).join("\n")}`);
      }
      try {
        const res = await fetch(`${this.url}/healthz`);
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`server not healthy within 30 s:\n${this.output.slice(-20).join("\n")}`);
  }
}

/** A TCP port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      const port = typeof address === "object" && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}
