import { expect, test } from "@playwright/test";
import { createChannel, createUser, sendMessage } from "./chat-support";
import { fitting } from "./xss-corpus";
import { expectNothingRan, inBatches, postInBatches, watchedPage } from "./xss-support";

/**
 * The threads inbox shows user text: each thread's parent (markdown), its newest reply (plain
 * text) and its channel's name. Every payload reaches the inbox live while the viewer has it open.
 */
test.setTimeout(5 * 60_000);

const PAYLOAD_ELEMENTS =
  'script, iframe, object, embed, svg, math, img, form, input:not([type="checkbox"][disabled]), button, video, audio, source, details, marquee, style, base, link, meta';

test("threads inbox: parent text, reply text and channel names run no payload", async ({
  browser,
  request,
}) => {
  const viewer = await createUser(request, "Viewer");
  const poster = await createUser(request, "Poster");
  const names = fitting(128, 20);
  const channels = await inBatches(names, 8, (name) => createChannel(request, poster, [viewer], name));
  const { page, context, watch } = await watchedPage(browser, viewer, "/threads", {
    width: 1280,
    height: 1600,
  });
  await expect(page.getByTestId("threads-empty")).toBeVisible();
  const texts = fitting(5000, 120);
  expect(texts.length).toBeGreaterThanOrEqual(100);
  await postInBatches(
    texts,
    10,
    async (text, i) => {
      const cid = channels[i % channels.length] as string;
      const parent = await sendMessage(request, viewer, cid, text);
      await sendMessage(request, poster, cid, texts[(i + 1) % texts.length] as string, { parent_id: parent });
      return parent;
    },
    async (parent) => {
      const row = page.locator(`[data-testid="thread-row"][data-parent-id="${parent}"]`);
      await expect(row).toBeAttached();
      await expect(row.locator(PAYLOAD_ELEMENTS)).toHaveCount(0);
    },
  );
  // Reloaded: the same rows, now from GET /chat/threads, pages of them.
  await page.reload();
  await expect(page.getByTestId("thread-row").first()).toBeVisible();
  await expect(page.locator(".threads-list").locator(PAYLOAD_ELEMENTS)).toHaveCount(0);
  const hrefs = await page
    .locator(".threads-view a[href]")
    .evaluateAll((as) => as.map((a) => a.getAttribute("href")));
  expect(hrefs.filter((h) => !/^(https?:|mailto:|\/|#)/i.test(h ?? ""))).toEqual([]);
  await expectNothingRan(page, watch);
  await context.close();
});
