import type { Page } from "@playwright/test";

/**
 * Holds back the scripts matching `glob` until the returned function is called: what shows while
 * code loads stays up for as long as a test looks at it, not for a fixed time a slow machine can
 * outrun.
 */
export async function holdScripts(page: Page, glob: string): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(glob, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
