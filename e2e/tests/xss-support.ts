/**
 * What the XSS specs share: a watch on a page for any sign a payload ran (a dialog, a console
 * line with XSS-FIRED, an uncaught error from injected code) or reached the DOM as HTML (a
 * Content-Security-Policy violation), and the check that none happened.
 */
import type { AuthResponse } from "@parley/protocol";
import { type APIRequestContext, type Browser, expect, type Page } from "@playwright/test";
import { type ChatUser, signedIn } from "./chat-support";
import { fired } from "./xss-corpus";

export interface Watch {
  dialogs: string[];
  fired: string[];
}

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/** Listens on `page` from before its first navigation. */
export async function watch(page: Page): Promise<Watch> {
  const w: Watch = { dialogs: [], fired: [] };
  page.on("dialog", (d) => {
    w.dialogs.push(`${d.type()}: ${d.message()}`);
    void d.dismiss().catch(() => undefined);
  });
  page.on("console", (m) => {
    if (fired(m.text())) w.fired.push(m.text());
  });
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener("securitypolicyviolation", (e) => {
      window.__cspViolations?.push(
        `${e.violatedDirective} ${e.blockedURI} ${e.sample} at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`.slice(
          0,
          300,
        ),
      );
    });
  });
  return w;
}

/** A signed-in page on `path`, watched. */
export async function watchedPage(
  browser: Browser,
  user: ChatUser,
  path: string,
  viewport = { width: 1280, height: 900 },
) {
  let w: Watch | undefined;
  const s = await signedIn(browser, user, path, viewport, async (page) => {
    w = await watch(page);
  });
  return { ...s, watch: w as Watch };
}

/**
 * zod 4 (the protocol's schemas, in the app's bundle) probes `Function("")` once to decide
 * whether it may compile validators; the CSP refuses, zod falls back. That one report comes
 * from the app's own asset, not from a payload (a payload would have to run to call eval).
 */
const ZOD_EVAL_PROBE = /^script-src eval\s+at http:\/\/127\.0\.0\.1:\d+\/assets\/[\w-]+\.js:/;

/** No dialog, no XSS-FIRED, no CSP violation (nothing reached the DOM as live HTML). */
export async function expectNothingRan(page: Page, w: Watch): Promise<void> {
  await page.waitForTimeout(500);
  expect(w.dialogs).toEqual([]);
  expect(w.fired).toEqual([]);
  const violations = await page.evaluate(() => window.__cspViolations ?? []);
  expect(violations.filter((v) => !ZOD_EVAL_PROBE.test(v))).toEqual([]);
}

/** Signs up an account with this display name over the API. */
export async function userNamed(request: APIRequestContext, displayName: string): Promise<ChatUser> {
  const username = `x${Math.random().toString(36).slice(2, 12)}`;
  const res = await request.post("/api/auth", {
    data: { action: "signup", username, displayName, password: "xss-password-1", profilePicture: "" },
  });
  expect(res.status(), await res.text()).toBe(201);
  const auth = (await res.json()) as AuthResponse;
  return { auth, id: auth.user.id, name: auth.user.displayName };
}

/**
 * For `expect.poll` on a value a live event changes: the event lands within milliseconds, and the
 * default intervals (100 ms, then 250, 500, 1000) would spend most of a long corpus loop waiting.
 */
export const LIVE = { intervals: [20, 50, 100] };

/**
 * Posts `items` `n` at a time and, after each batch, waits for every item of it to show
 * (`shown`): each payload still goes through the live page, without a round trip apiece.
 */
export async function postInBatches<T>(
  items: readonly T[],
  n: number,
  post: (item: T, index: number) => Promise<string>,
  shown: (id: string, item: T) => Promise<void>,
): Promise<void> {
  for (let i = 0; i < items.length; i += n) {
    const batch = items.slice(i, i + n);
    const ids = await Promise.all(batch.map((item, j) => post(item, i + j)));
    for (const [j, id] of ids.entries()) await shown(id, batch[j] as T);
  }
}

/** Runs `fn` over `items`, `n` at a time. */
export async function inBatches<T, R>(
  items: readonly T[],
  n: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += n) out.push(...(await Promise.all(items.slice(i, i + n).map(fn))));
  return out;
}
