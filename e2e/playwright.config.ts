import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "@playwright/test";

/**
 * End-to-end tests: the built web app served by the real server (apps/server/dist/main.js) on a
 * fresh SQLite data directory, driven in Debian's Chromium. Run `npm run build` first
 * (`npm run test:e2e` does), and `node e2e/ensure-chromium.mjs` to check the browser.
 */
// Overridable so two suites (or two checkouts) can run side by side.
const PORT = Number(process.env.PARLEY_E2E_PORT ?? 3999);
const BASE_URL = `http://127.0.0.1:${PORT}`;
const REPO_ROOT = fileURLToPath(new URL("..", import.meta.url));
const CHROMIUM = "/usr/bin/chromium";
/** The built server; another build (apps/server/build.mjs SERVER_OUTDIR) runs beside this one. */
const SERVER = process.env.PARLEY_E2E_SERVER ?? "apps/server/dist/main.js";

// Playwright loads this file in the runner and again in each worker; workers inherit the env,
// so the data directory is created once per run.
process.env.PARLEY_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), "parley-e2e-"));
const DATA_DIR = process.env.PARLEY_E2E_DATA_DIR;

export default defineConfig({
  testDir: "tests",
  outputDir: process.env.PARLEY_E2E_OUTPUT ?? "output",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: "list",
  // Many tests drive two or three browsers through a dozen live steps, two at a time on a
  // two-core machine, where the longest of them have come near a minute.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  // Signs up the admin account (the first account) before any test: e2e/support/admin.ts.
  globalSetup: "./global-setup.ts",
  globalTeardown: "./global-teardown.ts",
  use: {
    baseURL: BASE_URL,
    browserName: "chromium",
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
      ],
    },
    // Recording a trace of every test took a third of the suite's time; CI keeps only the text.
    // To look at a failure: `playwright test -c e2e/playwright.config.ts --trace=retain-on-failure`.
    trace: "off",
    screenshot: "only-on-failure",
  },
  webServer: {
    command: `node ${SERVER}`,
    cwd: REPO_ROOT,
    url: `${BASE_URL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      PORT: String(PORT),
      DATA_DIR,
      LOG_LEVEL: "warn",
      // Tests create hundreds of messages a minute as one user through the API.
      RATE_LIMIT_PER_MINUTE: "0",
      ...(process.env.PARLEY_E2E_WEB_DIST ? { WEB_DIST: process.env.PARLEY_E2E_WEB_DIST } : {}),
      // Always SQLite and the in-process bus here, whatever CI exports for the PostgreSQL suites.
      DATABASE_URL: "",
      REDIS_URL: "",
    },
  },
});
