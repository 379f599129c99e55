import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { createChannel, createUser, sendMessage, signedIn } from "./chat-support";

const SCREENSHOTS = fileURLToPath(new URL("../output/screenshots/", import.meta.url));

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ id: v.id, help: v.help, targets: v.nodes.map((n) => n.target.join(" ")) }));
}

async function seed(request: Parameters<typeof createUser>[0]) {
  const ana = await createUser(request, "Ana");
  const bo = await createUser(request, "Bo");
  const cid = await createChannel(request, ana, [bo], "Product launch");
  await sendMessage(request, bo, cid, "Morning! Are we **on track** for Friday?");
  await sendMessage(request, ana, cid, "Mostly. Two things left:\n- the release notes\n- the `v2` migration");
  const parent = await sendMessage(request, bo, cid, `@${ana.id} can you check https://example.com/notes?`, {
    mentioned_users: [ana.id],
  });
  await sendMessage(request, ana, cid, "On it.", { parent_id: parent });
  await sendMessage(request, bo, cid, "> Quick reminder\n\nDemo at 3 pm");
  const other = await createChannel(request, bo, [ana], "Random");
  await sendMessage(request, bo, other, "Lunch?");
  return { ana, bo, cid };
}

for (const colorScheme of ["light", "dark"] as const) {
  test(`/chats and /c/:channelID have no serious or critical axe violations (${colorScheme})`, async ({
    browser,
    request,
  }) => {
    const { ana, cid } = await seed(request);
    const a = await signedIn(browser, ana);
    await a.page.emulateMedia({ colorScheme });
    await expect(a.page.getByTestId("channel-row")).toHaveCount(2);
    expect(await seriousViolations(a.page)).toEqual([]);

    await a.page.goto(`/c/${cid}`);
    await expect(a.page.locator(".channel-view").getByText("Demo at 3 pm")).toBeVisible();
    expect(await seriousViolations(a.page)).toEqual([]);
    await a.context.close();
  });
}

test("screenshots of /chats and /c/:channelID on a desktop and a 375 px phone", async ({
  browser,
  request,
}) => {
  const { ana, cid } = await seed(request);
  mkdirSync(SCREENSHOTS, { recursive: true });
  for (const [label, viewport] of [
    ["desktop", { width: 1280, height: 800 }],
    ["phone", { width: 375, height: 740 }],
  ] as const) {
    const a = await signedIn(browser, ana, "/chats", viewport);
    await expect(a.page.getByTestId("channel-row")).toHaveCount(2);
    await a.page.screenshot({ path: `${SCREENSHOTS}chats-${label}.png` });
    await a.page.goto(`/c/${cid}`);
    await expect(a.page.locator(".channel-view").getByText("Demo at 3 pm")).toBeVisible();
    await expect(a.page.locator(".channel-view .markdown--plain")).toHaveCount(0);
    await a.page.mouse.move(0, 0);
    await a.page.screenshot({ path: `${SCREENSHOTS}channel-${label}.png` });
    const overflow = await a.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${label} scrolls sideways`).toBeLessThanOrEqual(0);
    await a.context.close();
  }
});
