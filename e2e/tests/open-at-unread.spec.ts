import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yIssues } from "../support/axe";
import {
  type ChatUser,
  chat,
  composer,
  createChannel,
  createUser,
  sendMessage,
  signedIn,
  unreadOf,
} from "./chat-support";

/** Sends `count` messages one after another (so their order is known); answers the first one. */
async function sendMany(
  request: APIRequestContext,
  user: ChatUser,
  cid: string,
  prefix: string,
  count: number,
) {
  const [type, id] = cid.split(":");
  let first: { id: string; created_at: string } | undefined;
  for (let i = 0; i < count; i += 1) {
    const { message } = await chat<{ message: { id: string; created_at: string } }>(
      request,
      user,
      "POST",
      `/channels/${type}/${id}/messages`,
      { message: { text: `${prefix} ${String(i).padStart(3, "0")}` } },
    );
    first ??= message;
  }
  return first!;
}

async function markRead(request: APIRequestContext, user: ChatUser, cid: string) {
  const [type, id] = cid.split(":");
  await chat(request, user, "POST", `/channels/${type}/${id}/read`, {});
}

/** "14:02" as the app writes a message's time, in the page's locale and time zone. */
function clock(page: Page, iso: string): Promise<string> {
  return page.evaluate(
    (t) => new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit" }).format(new Date(t)),
    iso,
  );
}

/** The divider's distance from the top of the message list's viewport, in px. */
async function dividerOffset(page: Page): Promise<number> {
  return page.locator(".message-list__scroller").evaluate((scroller) => {
    const divider = scroller.querySelector('[data-testid="unread-divider"]');
    if (!divider) return Number.NaN;
    return divider.getBoundingClientRect().top - scroller.getBoundingClientRect().top;
  });
}

/** Opened at the first unread: the divider near the top, a little context above it, the bar over it. */
async function expectOpenedAtDivider(page: Page, firstUnread: Locator) {
  const divider = page.getByTestId("unread-divider");
  await expect(divider).toBeInViewport();
  await expect(firstUnread).toBeInViewport();
  await expect.poll(() => dividerOffset(page)).toBeGreaterThan(40);
  await expect.poll(() => dividerOffset(page)).toBeLessThan(160);
}

test("200 unread, past the loaded page: opens at the divider, Jump returns to it, scrolling to the bottom marks read", async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const ana = await createUser(request, "Ana");
  const bo = await createUser(request, "Bo");
  const cid = await createChannel(request, ana, [bo], "Busy room");
  await sendMany(request, ana, cid, "read", 20);
  await markRead(request, bo, cid);
  // More than the page size (100): the first unread is not in the page a channel opens with.
  const first = await sendMany(request, ana, cid, "unread", 200);
  expect(await unreadOf(request, bo, cid)).toBe(200);

  const b = await signedIn(browser, bo, "/chats");
  const around: string[] = [];
  b.page.on("request", (req) => {
    if (!req.url().includes(`/channels/${cid.replace(":", "/")}/query`)) return;
    const body = req.postDataJSON() as { messages?: { id_around?: string } } | null;
    if (body?.messages?.id_around) around.push(body.messages.id_around);
  });
  await b.page.locator(`a[data-testid="channel-row"][data-cid="${cid}"]`).click();
  const view = b.page.locator(".channel-view");
  const firstUnread = view.getByText("unread 000", { exact: true });
  await expectOpenedAtDivider(b.page, firstUnread);
  await expect(view.getByText("read 019", { exact: true })).toBeVisible();
  await expect(view.getByText("unread 199", { exact: true })).not.toBeInViewport();
  // History was loaded around the last message read, once.
  expect(around).toHaveLength(1);

  const bar = b.page.getByTestId("unread-bar");
  await expect(bar.locator(".unread-bar__text")).toHaveText(
    `200 new messages since ${await clock(b.page, first.created_at)}`,
  );
  await expect(bar.getByRole("button", { name: "Jump" })).toBeVisible();
  await expect(bar.getByRole("button", { name: "Mark as read" })).toBeVisible();
  await expectNoSeriousA11yIssues(b.page, ".message-list");

  // Opening at the first unread reads nothing: the newest messages are not on screen.
  await b.page.waitForTimeout(1_000);
  expect(await unreadOf(request, bo, cid)).toBe(200);

  // Away from the divider and back with Jump.
  const scroller = b.page.locator(".message-list__scroller");
  await scroller.hover();
  for (let i = 0; i < 4; i += 1) await b.page.mouse.wheel(0, 600);
  await expect(b.page.getByTestId("unread-divider")).not.toBeInViewport();
  // Down to the end of the window: the next page fills the gap without flinging the list to the newest.
  const gap = view.getByTestId("history-gap");
  for (let i = 0; i < 20 && (await gap.count()) > 0 && !(await gap.isVisible()); i += 1) {
    await scroller.evaluate((el) => el.scrollBy({ top: el.clientHeight }));
  }
  await expect(gap).toHaveCount(0);
  await b.page.waitForTimeout(500);
  await expect(view.getByText("unread 199", { exact: true })).not.toBeInViewport();
  expect(await unreadOf(request, bo, cid)).toBe(200);
  await bar.getByRole("button", { name: "Jump" }).click();
  await expectOpenedAtDivider(b.page, firstUnread);
  expect(await unreadOf(request, bo, cid)).toBe(200);

  // Down through the newer pages to the newest message: only then is the channel read.
  const newest = view.getByText("unread 199", { exact: true });
  await expect(async () => {
    for (let i = 0; i < 200 && !(await newest.isVisible()); i += 1) {
      await scroller.evaluate((el) => el.scrollBy({ top: el.clientHeight }));
      await b.page.waitForTimeout(50);
    }
    await scroller.evaluate((el) => el.scrollBy({ top: el.scrollHeight }));
    await expect(newest).toBeInViewport({ timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
  await expect(view.getByTestId("history-gap")).toHaveCount(0);
  await expect.poll(() => unreadOf(request, bo, cid)).toBe(0);
  await b.context.close();
});

test("Mark as read and Esc clear the bar and the divider and mark the channel read", async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const ana = await createUser(request, "Ana");
  const bo = await createUser(request, "Bo");
  const far = await createChannel(request, ana, [bo], "Far back");
  await sendMany(request, ana, far, "seen", 5);
  await markRead(request, bo, far);
  await sendMany(request, ana, far, "far", 200);
  // Fewer unread than a page: the first unread is in the page the channel opens with.
  const near = await createChannel(request, ana, [bo], "Near");
  await sendMany(request, ana, near, "before", 10);
  await markRead(request, bo, near);
  await sendMany(request, ana, near, "near", 40);

  const b = await signedIn(browser, bo, `/c/${far}`);
  const view = b.page.locator(".channel-view");
  await expectOpenedAtDivider(b.page, view.getByText("far 000", { exact: true }));
  const bar = b.page.getByTestId("unread-bar");
  await expect(bar.locator(".unread-bar__text")).toContainText("200 new messages since");
  await bar.getByRole("button", { name: "Mark as read" }).click();
  await expect(bar).toHaveCount(0);
  await expect(b.page.getByTestId("unread-divider")).toHaveCount(0);
  await expect.poll(() => unreadOf(request, bo, far)).toBe(0);
  // Still where it was: marking read does not move the list.
  await expect(view.getByText("far 000", { exact: true })).toBeInViewport();

  await b.page.locator(`a[data-testid="channel-row"][data-cid="${near}"]`).click();
  await expectOpenedAtDivider(b.page, view.getByText("near 000", { exact: true }));
  await expect(bar.locator(".unread-bar__text")).toContainText("40 new messages since");
  await b.page.waitForTimeout(500);
  expect(await unreadOf(request, bo, near)).toBe(40);
  // Esc with the focus in the channel (its composer) does what Mark as read does.
  await composer(b.page).focus();
  await b.page.keyboard.press("Escape");
  await expect(bar).toHaveCount(0);
  await expect(b.page.getByTestId("unread-divider")).toHaveCount(0);
  await expect.poll(() => unreadOf(request, bo, near)).toBe(0);

  // Back in the channel read far back: nothing unread now, so it opens at its newest message.
  await b.page.locator(`a[data-testid="channel-row"][data-cid="${far}"]`).click();
  await expect(view.getByText("far 199", { exact: true })).toBeInViewport();
  await expect(view.getByTestId("history-gap")).toHaveCount(0);
  await expect(bar).toHaveCount(0);
  await b.context.close();
});

test("a channel with nothing unread opens at its newest message, with no request beyond its own", async ({
  browser,
  request,
}) => {
  const ana = await createUser(request, "Ana");
  const bo = await createUser(request, "Bo");
  const cid = await createChannel(request, ana, [bo], "All read");
  for (let i = 0; i < 60; i += 1) await sendMessage(request, ana, cid, `line ${String(i).padStart(2, "0")}`);
  await markRead(request, bo, cid);

  const b = await signedIn(browser, bo, "/chats");
  const pages: unknown[] = [];
  b.page.on("request", (req) => {
    if (!req.url().includes(`/channels/${cid.replace(":", "/")}/query`)) return;
    const body = req.postDataJSON() as { messages?: Record<string, unknown> } | null;
    if (body?.messages?.id_around || body?.messages?.id_lt || body?.messages?.id_gt) pages.push(body);
  });
  await b.page.locator(`a[data-testid="channel-row"][data-cid="${cid}"]`).click();
  const view = b.page.locator(".channel-view");
  await expect(view.getByText("line 59", { exact: true })).toBeInViewport();
  await expect(b.page.getByTestId("unread-bar")).toHaveCount(0);
  await expect(b.page.getByTestId("unread-divider")).toHaveCount(0);
  await expect(b.page.getByTestId("jump-to-latest")).toHaveCount(0);
  expect(pages).toEqual([]);
  await b.context.close();
});
