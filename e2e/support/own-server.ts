import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { AuthResponse } from "@parley/protocol";
import { E2E_ADMIN } from "./admin";

const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url));

export interface OwnServer {
  baseURL: string;
  apiKey: string;
  /** The server's first account, hence its admin. */
  admin: AuthResponse;
  close(): Promise<void>;
}

/**
 * A server of the spec's own, on a fresh data directory and port `PARLEY_E2E_PORT + offset`: for
 * specs that change what every test of the shared server would feel (the sign-up mode, the
 * admin's name, single sign-on: `env`). The same build and web app as the shared one (playwright.config.ts).
 */
export async function startOwnServer(offset: number, env: Record<string, string> = {}): Promise<OwnServer> {
  const port = Number(process.env.PARLEY_E2E_PORT ?? 3999) + offset;
  const dataDir = mkdtempSync(join(tmpdir(), "parley-e2e-own-"));
  const child: ChildProcess = spawn("node", [process.env.PARLEY_E2E_SERVER ?? "apps/server/dist/main.js"], {
    cwd: REPO_ROOT,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      RATE_LIMIT_PER_MINUTE: "0",
      ...(process.env.PARLEY_E2E_WEB_DIST ? { WEB_DIST: process.env.PARLEY_E2E_WEB_DIST } : {}),
      DATABASE_URL: "",
      REDIS_URL: "",
      ...env,
    },
  });
  const baseURL = `http://127.0.0.1:${port}`;
  const close = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseURL, child);
    const res = await fetch(`${baseURL}/api/auth`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ action: "signup", ...E2E_ADMIN, profilePicture: "" }),
    });
    if (res.status !== 201) throw new Error(`signing up the admin: HTTP ${res.status} ${await res.text()}`);
    const admin = (await res.json()) as AuthResponse;
    const { apiKey } = (await (await fetch(`${baseURL}/api/config`)).json()) as { apiKey: string };
    return { baseURL, apiKey, admin, close };
  } catch (error) {
    await close();
    throw error;
  }
}

async function waitForHealth(baseURL: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseURL}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the server on ${baseURL} did not answer /healthz within 60 s`);
}
