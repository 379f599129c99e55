/**
 * Helpers of the installable-app suite (tests/pwa.spec.ts): the service worker's control of a
 * page, pushes delivered to it through the DevTools protocol, the notifications it shows, and a
 * server of the test's own whose web build a test may change.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type BrowserContext, expect, type Page } from "@playwright/test";

const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** Waits until /sw.js is active, then reloads if needed so that it controls the page. */
export async function controlledByServiceWorker(page: Page): Promise<void> {
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toBe(new URL("/", page.url()).href);
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(
    new URL("/sw.js", page.url()).href,
  );
}

export interface PushChannel {
  /** Delivers `data` to the service worker as a push message (as a push service would). */
  deliver(data: string): Promise<void>;
}

/** Pushes to the page's service worker registration: ServiceWorker.deliverPushMessage over CDP. */
export async function pushChannel(context: BrowserContext, page: Page): Promise<PushChannel> {
  const origin = new URL(page.url()).origin;
  const cdp = await context.newCDPSession(page);
  const registration = new Promise<string>((resolve) => {
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send("ServiceWorker.enable");
  const registrationId = await registration;
  return {
    deliver: async (data) => {
      await cdp.send("ServiceWorker.deliverPushMessage", { origin, registrationId, data });
    },
  };
}

export interface ShownNotification {
  title: string;
  body: string;
  tag: string;
  icon: string;
  badge: string;
  data: { url?: string; count?: number } | null;
}

/** The notifications the service worker's registration shows now. */
export function shownNotifications(page: Page): Promise<ShownNotification[]> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      icon: n.icon,
      badge: n.badge,
      data: n.data as { url?: string; count?: number } | null,
    }));
  });
}

/** A click on the notification shown under `tag`, dispatched in the service worker. */
export async function clickNotification(context: BrowserContext, tag: string): Promise<void> {
  const [worker] = context.serviceWorkers();
  if (!worker) throw new Error("no service worker runs in this context");
  const clicked = await worker.evaluate(async (tag) => {
    const sw = self as unknown as {
      registration: ServiceWorkerRegistration;
      dispatchEvent(event: Event): boolean;
    };
    const [notification] = await sw.registration.getNotifications({ tag });
    if (!notification) return false;
    const NotificationEventType = (globalThis as unknown as { NotificationEvent: typeof Event })
      .NotificationEvent as unknown as new (
      type: string,
      init: { notification: Notification },
    ) => Event;
    sw.dispatchEvent(new NotificationEventType("notificationclick", { notification }));
    return true;
  }, tag);
  expect(clicked, `a notification tagged ${tag} is shown`).toBe(true);
}

/** A `pushsubscriptionchange` event, dispatched in the service worker. */
export async function subscriptionChanged(context: BrowserContext): Promise<void> {
  const [worker] = context.serviceWorkers();
  if (!worker) throw new Error("no service worker runs in this context");
  await worker.evaluate(() => {
    const scope = globalThis as unknown as {
      ExtendableEvent: typeof Event;
      dispatchEvent(e: Event): boolean;
    };
    scope.dispatchEvent(new scope.ExtendableEvent("pushsubscriptionchange"));
  });
}

export interface OwnServer {
  url: string;
  webDist: string;
  /** Stops the server (its data stays); `start()` brings it back on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
}

/**
 * The e2e build of the web app copied to a directory of its own, served by a server of its own
 * (fresh SQLite data) on a free port: a test may change the build there, or stop the server,
 * without touching the server every other test uses.
 */
export async function startOwnServer(): Promise<OwnServer> {
  const source = process.env.PARLEY_E2E_WEB_DIST ?? join(REPO_ROOT, "apps/web/dist");
  const webDist = mkdtempSync(join(tmpdir(), "parley-e2e-web-"));
  cpSync(source, webDist, { recursive: true });
  const dataDir = mkdtempSync(join(tmpdir(), "parley-e2e-data-"));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  const server: OwnServer = {
    url,
    webDist,
    start: async () => {
      child = spawn("node", ["apps/server/dist/main.js"], {
        cwd: REPO_ROOT,
        stdio: ["ignore", "ignore", "inherit"],
        env: {
          ...process.env,
          PORT: String(port),
          DATA_DIR: dataDir,
          WEB_DIST: webDist,
          LOG_LEVEL: "warn",
          RATE_LIMIT_PER_MINUTE: "0",
          DATABASE_URL: "",
          REDIS_URL: "",
        },
      });
      await waitForHealth(url, child);
    },
    stop: () =>
      new Promise<void>((resolve) => {
        const running = child;
        if (!running || running.exitCode !== null) return resolve();
        running.once("exit", () => resolve());
        running.kill("SIGTERM");
      }),
  };
  await server.start();
  return server;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject()));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  await expect
    .poll(
      async () => {
        if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
        return fetch(`${url}/healthz`).then(
          (r) => r.status,
          () => 0,
        );
      },
      { timeout: 30_000 },
    )
    .toBe(200);
}
