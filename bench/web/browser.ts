import { spawnSync } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";
import { REPO_DIR } from "../lib/build.js";

const DEBIAN_CHROMIUM = "/usr/bin/chromium";

/**
 * Debian's Chromium, installed when missing exactly as the e2e suite installs it
 * (e2e/ensure-chromium.mjs: apt-get as root, or a message saying how); never a downloaded browser.
 */
export function ensureChromium(executablePath: string): void {
  if (existsSync(executablePath)) return;
  if (executablePath !== DEBIAN_CHROMIUM) throw new Error(`BENCH_CHROMIUM: ${executablePath} does not exist`);
  const installed = spawnSync(process.execPath, [join(REPO_DIR, "e2e", "ensure-chromium.mjs")], {
    stdio: "inherit",
  });
  if (installed.status !== 0) throw new Error(`${DEBIAN_CHROMIUM} is missing and was not installed (above)`);
}

/** Debian's Chromium, headless, with the flags issue 11 asks for. */
export function launchChromium(executablePath: string): Promise<Browser> {
  return chromium.launch({
    executablePath,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
    ],
  });
}

/**
 * What the page fetched while loading `url` until the network went quiet: the scripts it runs,
 * and the scripts it only prefetched for a later page (`<link rel="prefetch">`), as paths.
 */
export async function scriptsLoaded(
  page: Page,
  url: string,
): Promise<{ run: string[]; prefetched: string[] }> {
  const run = new Set<string>();
  const prefetched = new Set<string>();
  page.on("response", (res) => {
    const path = new URL(res.url()).pathname;
    const type = res.request().resourceType();
    if (type === "script") run.add(path);
    else if (type === "other" && path.endsWith(".js")) prefetched.add(path);
  });
  await page.goto(url, { waitUntil: "networkidle" });
  return { run: [...run], prefetched: [...prefetched] };
}

/**
 * In the page (a string, so no bundler helper leaks into it): clicks the channel's sidebar row and
 * times from the click to the first mutation that puts a message row containing `token` in the
 * message list, plus one animation frame (the paint).
 */
const SWITCH_SCRIPT = `({ cid, token }) => new Promise((resolve, reject) => {
  const row = document.querySelector('a[data-testid="channel-row"][data-cid="' + cid + '"]');
  if (!row) return reject(new Error("no sidebar row for " + cid));
  const shown = () => [...document.querySelectorAll('.message-list__log [data-testid="message"]')]
    .some((m) => (m.textContent || "").includes(token));
  const timer = setTimeout(() => reject(new Error(cid + " did not render within 10 s")), 10000);
  let t0 = 0;
  const observer = new MutationObserver(() => {
    if (!shown()) return;
    observer.disconnect();
    const rendered = performance.now();
    requestAnimationFrame(() => { clearTimeout(timer); resolve(rendered - t0); });
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  t0 = performance.now();
  row.click();
  if (shown()) { observer.disconnect(); clearTimeout(timer); resolve(performance.now() - t0); }
})`;

export function timeSwitch(page: Page, cid: string, token: string): Promise<number> {
  return page.evaluate(`(${SWITCH_SCRIPT})(${JSON.stringify({ cid, token })})`) as Promise<number>;
}

/**
 * When BENCH_PROFILE names a directory, records the page's CPU profile until the answered
 * function is called, and writes it there as `<name>-<time>.cpuprofile` (DevTools opens it).
 */
export async function profilePage(page: Page, name: string): Promise<() => Promise<void>> {
  const dir = process.env.BENCH_PROFILE;
  if (!dir) return async () => {};
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.start");
  return async () => {
    const { profile } = await cdp.send("Profiler.stop");
    writeFileSync(join(dir, `${name}-${Date.now()}.cpuprofile`), JSON.stringify(profile));
    await cdp.detach();
  };
}
