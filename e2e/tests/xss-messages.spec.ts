import { expect, type Locator, test } from "@playwright/test";
import { chat, chatCall, createChannel, createUser, sendMessage } from "./chat-support";
import { fitting, PAYLOADS, REFUSED_PAYLOADS } from "./xss-corpus";
import { expectNothingRan, inBatches, postInBatches, userNamed, watchedPage } from "./xss-support";

/**
 * Message text and display names: every payload is posted while the viewer has the channel
 * open, and the test waits for its row to render (the list is virtualized: a row renders when it
 * is on screen, and a new message is), so each payload really went through the UI. Payloads go
 * 20 at a time, on a page tall enough to show all 20 rows (the longest payload is one line).
 */
test.setTimeout(5 * 60_000);

const TALL = { width: 1280, height: 1600 };

// Elements a payload could smuggle in. (A GFM task list item renders a disabled checkbox: fine.)
const PAYLOAD_ELEMENTS =
  'script, iframe, object, embed, svg, math, img, form, input:not([type="checkbox"][disabled]), button, video, audio, source, details, marquee, style, base, link, meta';

test("message text: no payload runs", async ({ browser, request }) => {
  const viewer = await createUser(request, "Viewer");
  const poster = await createUser(request, "Poster");
  const cid = await createChannel(request, poster, [viewer], "XSS messages");
  const { page, context, watch } = await watchedPage(browser, viewer, `/c/${cid}`, TALL);
  const payloads = fitting(5000);
  expect(payloads.length).toBeGreaterThanOrEqual(200);
  await postInBatches(
    payloads,
    20,
    (text) => sendMessage(request, poster, cid, text),
    async (id) => {
      const row = page.locator(`[data-message-id="${id}"]`);
      await expect(row).toBeAttached();
      // Nothing of the payload became an element: raw HTML is dropped, markdown gives text and
      // plain elements only.
      await expect(row.locator(".markdown").locator(PAYLOAD_ELEMENTS)).toHaveCount(0);
    },
  );
  // Payloads with a NUL character are refused outright, in any field.
  expect(REFUSED_PAYLOADS.length).toBeGreaterThan(0);
  const [type, id] = cid.split(":");
  for (const text of REFUSED_PAYLOADS) {
    const res = await chatCall(request, poster, "POST", `/channels/${type}/${id}/messages`, {
      message: { text },
    });
    expect(res.status()).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("validation");
  }
  // No link of any message points anywhere but http(s) or mailto.
  const hrefs = await page
    .locator(".channel-view a[href]")
    .evaluateAll((as) => as.map((a) => a.getAttribute("href")));
  expect(hrefs.filter((h) => !/^(https?:|mailto:|\/|#)/i.test(h ?? ""))).toEqual([]);
  await expectNothingRan(page, watch);
  await context.close();
});

test("display names: no payload runs", async ({ browser, request }) => {
  const viewer = await createUser(request, "Viewer");
  const names = fitting(64);
  expect(names.length).toBeGreaterThanOrEqual(60);
  const authors = await inBatches(names, 8, (name) => userNamed(request, name));
  const cid = await createChannel(request, viewer, [], "XSS names");
  const [type, channelId] = cid.split(":");
  for (let i = 0; i < authors.length; i += 100) {
    await chat(request, viewer, "POST", `/channels/${type}/${channelId}/members`, {
      add: authors.slice(i, i + 100).map((a) => a.id),
    });
  }
  const { page, context, watch } = await watchedPage(browser, viewer, `/c/${cid}`, TALL);
  await postInBatches(
    authors,
    20,
    (author) => sendMessage(request, author, cid, `hello from ${author.id}`),
    async (id, author) => {
      const row = page.locator(`[data-message-id="${id}"]`);
      await expect(row).toBeAttached();
      // The name is bound as text: it shows verbatim in the row's accessible name.
      expect((await row.getAttribute("aria-label"))?.startsWith(`${author.name},`)).toBe(true);
    },
  );
  // Mentioned (100 to a message, the most one may mention): each name shows as text, in the
  // message list and in the message's search result.
  const word = `mentions${Date.now().toString(36)}`;
  const mentionTexts = (scope: Locator) =>
    scope.locator(".mention").evaluateAll((els) => els.map((e) => e.textContent));
  const expected: string[][] = [];
  for (let i = 0; i < authors.length; i += 100) {
    const named = authors.slice(i, i + 100);
    const text = `${word} ${named.map((a) => `@${a.id}`).join(" ")}`;
    const id = await sendMessage(request, viewer, cid, text, { mentioned_users: named.map((a) => a.id) });
    expected.unshift(named.map((a) => `@${a.name}`));
    await expect.poll(() => mentionTexts(page.locator(`[data-message-id="${id}"]`))).toEqual(expected[0]);
  }
  await page.goto(`/search?q=${word}`);
  const hits = page.getByTestId("search-result-messages");
  await expect(hits).toHaveCount(expected.length);
  for (const [i, names] of expected.entries()) {
    await expect.poll(() => mentionTexts(hits.nth(i))).toEqual(names);
  }
  await expectNothingRan(page, watch);
  await context.close();
  expect(PAYLOADS.length).toBeGreaterThanOrEqual(200);
});
