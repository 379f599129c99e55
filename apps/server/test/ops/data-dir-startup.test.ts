import { spawn } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../reliability/support/child-server.js";

const scratch = mkdtempSync(join(tmpdir(), "parley-data-dir-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Starts the real server (`node --import tsx apps/server/src/main.ts`) and waits for it to exit. */
function start(dataDir: string): Promise<{ code: number | null; stderr: string; stdout: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", join(REPO_ROOT, "apps/server/src/main.ts")], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      DATA_DIR: dataDir,
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
      REDIS_URL: "",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (c: Buffer) => {
    stdout += c.toString();
  });
  child.stderr.on("data", (c: Buffer) => {
    stderr += c.toString();
  });
  const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
  return new Promise((resolve) =>
    child.once("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stderr, stdout });
    }),
  );
}

describe("starting on an unusable DATA_DIR", () => {
  it("prints one line naming the directory when it cannot be created", async () => {
    const file = join(scratch, "a-file");
    writeFileSync(file, "");
    const dataDir = join(file, "data");
    const { code, stderr, stdout } = await start(dataDir);
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expect(stderr.trimEnd().split("\n")).toEqual([
      `parley: cannot use DATA_DIR ${dataDir}: a part of the path is a file, not a directory (ENOTDIR)`,
    ]);
  });

  it("prints one line when the database file cannot be opened", async () => {
    const dataDir = join(scratch, "db-is-a-directory");
    mkdirSync(join(dataDir, "parley.db"), { recursive: true });
    const { code, stderr } = await start(dataDir);
    expect(code).toBe(1);
    expect(stderr.trimEnd().split("\n")).toHaveLength(1);
    expect(stderr).toMatch(
      /^parley: cannot open the database: the database files cannot be opened \(SQLITE_CANTOPEN/,
    );
  });

  // Permission bits do not stop root.
  it.skipIf(process.getuid?.() === 0)("prints one line when it is read-only", async () => {
    const dataDir = join(scratch, "read-only");
    mkdirSync(dataDir);
    chmodSync(dataDir, 0o555);
    const { code, stderr } = await start(dataDir);
    expect(code).toBe(1);
    expect(stderr.trimEnd().split("\n")).toEqual([
      `parley: cannot use DATA_DIR ${dataDir}: permission denied (EACCES)`,
    ]);
  });
});
