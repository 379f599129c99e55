import { expect, type Page, test } from "@playwright/test";
import { type ChatUser, chat, createChannel, createUser, sendMessage } from "./chat-support";
import { fitting } from "./xss-corpus";
import { expectNothingRan, inBatches, watchedPage } from "./xss-support";

/**
 * The other places a message's text is rendered as markdown: the pinned dialog and the edit
 * history, rendered and as source. Both list 100 entries at most, so the corpus goes through
 * them 100 (pins) and 98 (versions of one message) at a time. The message list itself is
 * xss-messages.spec.ts.
 */
test.setTimeout(5 * 60_000);

const PAYLOAD_ELEMENTS =
  'script, iframe, object, embed, svg, math, img, form, input:not([type="checkbox"][disabled]), button, video, audio, source, details, marquee, style, base, link, meta';

const chunks = <T>(list: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));

async function expectOnlySafeLinks(page: Page, scope: string): Promise<void> {
  const hrefs = await page
    .locator(`${scope} a[href]`)
    .evaluateAll((as) => as.map((a) => a.getAttribute("href")));
  expect(hrefs.filter((h) => !/^(https?:|mailto:|\/|#)/i.test(h ?? ""))).toEqual([]);
}

async function pinnedRound(page: Page, poster: ChatUser, cid: string, payloads: string[]): Promise<void> {
  const request = page.request;
  const ids = await inBatches(payloads, 10, async (text) => {
    const id = await sendMessage(request, poster, cid, text);
    await chat(request, poster, "POST", `/messages/${id}/pin`);
    return id;
  });
  await page.getByRole("button", { name: "Pinned messages" }).click();
  const pinned = page.getByTestId("pinned-list");
  await expect(pinned.locator("li.pinned")).toHaveCount(payloads.length);
  await expect(pinned.locator(".markdown").locator(PAYLOAD_ELEMENTS)).toHaveCount(0);
  await expectOnlySafeLinks(page, '[data-testid="pinned-list"]');
  await page.keyboard.press("Escape");
  await inBatches(ids, 10, (id) => chat(request, poster, "POST", `/messages/${id}/unpin`));
}

async function historyRound(page: Page, poster: ChatUser, cid: string, payloads: string[]): Promise<void> {
  const request = page.request;
  const id = await sendMessage(request, poster, cid, "first version");
  for (const text of payloads) await chat(request, poster, "PUT", `/messages/${id}`, { message: { text } });
  await chat(request, poster, "PUT", `/messages/${id}`, { message: { text: `last version ${id}` } });
  await page.locator(`[data-message-id="${id}"]`).getByRole("button", { name: "(edited)" }).click();
  const history = page.getByTestId("edit-history");
  await expect(history.locator("li.history__item")).toHaveCount(payloads.length + 2);
  await expect(history.locator(".markdown").locator(PAYLOAD_ELEMENTS)).toHaveCount(0);
  await expectOnlySafeLinks(page, '[data-testid="edit-history"]');
  await page.getByRole("button", { name: "View source" }).click();
  await expect(history.locator("pre.history__source")).toHaveCount(payloads.length + 2);
  await expect(history.locator(PAYLOAD_ELEMENTS)).toHaveCount(0);
  await page.keyboard.press("Escape");
}

test("pinned messages and edit history: no payload runs", async ({ browser, request }) => {
  const viewer = await createUser(request, "Viewer");
  const poster = await createUser(request, "Poster");
  const cid = await createChannel(request, poster, [viewer], "XSS rendering");
  const payloads = fitting(5000);
  expect(payloads.length).toBeGreaterThanOrEqual(200);
  const { page, context, watch } = await watchedPage(browser, viewer, `/c/${cid}`);
  for (const chunk of chunks(payloads, 100)) await pinnedRound(page, poster, cid, chunk);
  for (const chunk of chunks(payloads, 98)) await historyRound(page, poster, cid, chunk);
  await expectNothingRan(page, watch);
  await context.close();
});
