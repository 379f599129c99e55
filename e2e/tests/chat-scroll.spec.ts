import { expect, test } from "@playwright/test";
import { chat, createChannel, createUser, sendMessage, signedIn } from "./chat-support";

test("a 1,000-message channel opens at the bottom and scrolling up loads every page in order, once", async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const ana = await createUser(request, "Ana");
  const bo = await createUser(request, "Bo");
  const cid = await createChannel(request, ana, [bo], "Long history");
  // Seeded over REST, 20 at a time; the server's order (by seq) is what the list must show.
  const all = Array.from({ length: 1000 }, (_, i) => `history ${String(i).padStart(4, "0")}`);
  for (let i = 0; i < all.length; i += 20) {
    await Promise.all(all.slice(i, i + 20).map((text) => sendMessage(request, ana, cid, text)));
  }
  const [type, id] = cid.split(":");
  const texts: string[] = [];
  let before: string | undefined;
  for (;;) {
    const query = `limit=300${before ? `&id_lt=${before}` : ""}`;
    const { messages } = await chat<{ messages: { id: string; text: string }[] }>(
      request,
      ana,
      "GET",
      `/channels/${type}/${id}/messages?${query}`,
    );
    texts.unshift(...messages.map((m) => m.text));
    if (messages.length < 300) break;
    before = messages[0]!.id;
  }
  expect(texts).toHaveLength(1000);
  // Bo has read them all: a channel with unread messages opens at the first one (open-at-unread.spec.ts).
  await chat(request, bo, "POST", `/channels/${type}/${id}/read`, {});
  const newest = texts.at(-1)!;
  const oldest = texts[0]!;

  const b = await signedIn(browser, bo, `/c/${cid}`);
  const pages: number[] = [];
  b.page.on("response", async (res) => {
    if (!res.url().includes(`/channels/${cid.replace(":", "/")}/query`)) return;
    const body = res.request().postDataJSON() as { messages?: { id_lt?: string } };
    if (body.messages?.id_lt) pages.push(((await res.json()) as { messages: unknown[] }).messages.length);
  });
  const scroller = b.page.locator(".message-list__scroller");
  const view = b.page.locator(".channel-view");

  // Opens at the newest message.
  await expect(view.getByText(newest, { exact: true })).toBeInViewport();
  await expect(view.getByText(oldest, { exact: true })).toHaveCount(0);

  // The user scrolls up (the wheel), then to the top until the start of the conversation shows.
  await scroller.hover();
  await b.page.mouse.wheel(0, -200);
  const start = view.getByText("This is the start of the conversation.");
  for (let i = 0; i < 40 && !(await start.isVisible()); i += 1) {
    const before = await view.locator("[data-message-id]").first().getAttribute("data-message-id");
    await scroller.evaluate((el) => el.scrollTo({ top: 0 }));
    await expect
      .poll(async () => view.locator("[data-message-id]").first().getAttribute("data-message-id"), {
        timeout: 5_000,
      })
      .not.toBe(before)
      .catch(() => {});
  }
  await expect(start).toBeVisible();
  await expect(view.getByText(oldest, { exact: true })).toBeVisible();
  // Older pages of 100 (spec §9), and nothing loaded twice.
  expect(pages.every((n) => n <= 100)).toBe(true);

  // Walk down the whole list, collecting what is rendered: every message once, in order.
  const seen: string[] = [];
  const seenIds = new Set<string>();
  for (let i = 0; i < 600; i += 1) {
    const rows = await view
      .locator("[data-message-id]")
      .evaluateAll((nodes) =>
        nodes.map((n) => [
          n.getAttribute("data-message-id") ?? "",
          n.querySelector(".message__text")?.textContent ?? "",
        ]),
      );
    for (const [id, text] of rows) {
      if (!id || seenIds.has(id)) continue;
      seenIds.add(id);
      seen.push((text ?? "").trim());
    }
    const atEnd = await scroller.evaluate((el) => el.scrollTop + el.clientHeight >= el.scrollHeight - 2);
    if (atEnd && seen.length >= 1000) break;
    // Half a view at a time, then two frames so the virtualized list renders what came into view.
    await scroller.evaluate(
      (el) =>
        new Promise<void>((resolve) => {
          el.scrollBy({ top: el.clientHeight * 0.5 });
          requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
        }),
    );
  }
  expect(seen.length).toBe(1000);
  expect(seen).toEqual(texts);
  await b.context.close();
});

test("switching back and forth between channels opens each at its newest message, new ones included", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const ana = await createUser(request, "Ana");
  const bo = await createUser(request, "Bo");
  const first = await createChannel(request, ana, [bo], "First");
  for (let i = 0; i < 60; i += 1)
    await sendMessage(request, ana, first, `first ${String(i).padStart(2, "0")}`);
  // Read up to here: a channel with unread messages opens at the first one (open-at-unread.spec.ts).
  await chat(request, bo, "POST", `/channels/${first.replace(":", "/")}/read`, {});
  const second = await createChannel(request, ana, [bo], "Second");
  await sendMessage(request, ana, second, "second only");

  const b = await signedIn(browser, bo, `/c/${first}`);
  const view = b.page.locator(".channel-view");
  const scroller = b.page.locator(".message-list__scroller");
  const open = async (cid: string, newest: string) => {
    await b.page.locator(`a[data-testid="channel-row"][data-cid="${cid}"]`).click();
    await expect(view.getByText(newest, { exact: true })).toBeInViewport();
    await expect(b.page.getByTestId("jump-to-latest")).toHaveCount(0);
  };
  await expect(view.getByText("first 59", { exact: true })).toBeInViewport();
  // Left at the newest message, with nothing new: back at the newest message, every time.
  for (let i = 0; i < 3; i += 1) {
    await open(second, "second only");
    await open(first, "first 59");
  }
  await expect
    .poll(() => scroller.evaluate((el) => el.scrollHeight - el.clientHeight - el.scrollTop))
    .toBeLessThanOrEqual(1);

  // Left scrolled up into the history: back at the newest message too.
  // A wheel turned while the list still settles at its newest message can be taken back by it,
  // as a person would find: turn it again until the list has left the newest message.
  await scroller.hover();
  await expect(async () => {
    await b.page.mouse.wheel(0, -600);
    await expect(b.page.getByTestId("jump-to-latest")).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await open(second, "second only");
  await open(first, "first 59");

  // A message arrived meanwhile: the list opens at it.
  await open(second, "second only");
  await sendMessage(request, ana, first, "first 60");
  await expect(b.page.locator(`a[data-testid="channel-row"][data-cid="${first}"]`)).toContainText("first 60");
  await open(first, "first 60");
  await b.context.close();
});
