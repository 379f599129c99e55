/**
 * Presence, user status and Do Not Disturb between two people in real Chromium: the presence dot
 * comes when the other signs in and goes when they leave; a status set from the user menu shows
 * to the other live (message header, member list, DM header, sidebar row, @ suggestions); a pause
 * of notifications shows a mark to the other and keeps the tab's browser notifications silent.
 */
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yIssues } from "../support/axe";
import {
  type ChatUser,
  channelRow,
  chat,
  composer,
  createUser,
  messageWith,
  send,
  sendMessage,
  signedIn,
} from "./chat-support";

async function directChannel(request: APIRequestContext, a: ChatUser, b: ChatUser): Promise<string> {
  const { channel } = await chat<{ channel: { cid: string } }>(
    request,
    a,
    "POST",
    "/channels/messaging/query",
    {
      data: { members: [a.id, b.id] },
    },
  );
  return channel.cid;
}

const dot = (page: Page, cid: string) => channelRow(page, cid).getByTestId("presence-dot");
const headerDot = (page: Page) => page.locator(".channel-header").getByTestId("presence-dot");

async function openAccountMenu(page: Page) {
  await page.locator(".user-menu__trigger").click();
  return page.getByRole("menu", { name: "Account" });
}

/** Counts the browser notifications the page constructs, in a tab that says it is in the background. */
function countNotifications() {
  const w = window as unknown as { __notified: number; Notification: unknown };
  const Real = window.Notification;
  w.__notified = 0;
  function Counted(title: string, options?: NotificationOptions) {
    w.__notified += 1;
    return new Real(title, options);
  }
  Object.defineProperty(Counted, "permission", { get: () => Real.permission });
  Object.defineProperty(Counted, "requestPermission", { value: () => Real.requestPermission() });
  w.Notification = Counted;
  Object.defineProperty(Document.prototype, "visibilityState", { get: () => "hidden" });
  Object.defineProperty(Document.prototype, "hidden", { get: () => true });
  Document.prototype.hasFocus = () => false;
}
const notified = (page: Page) =>
  page.evaluate(() => (window as unknown as { __notified: number }).__notified);

test("the presence dot comes when the other signs in and goes when they leave", async ({
  browser,
  request,
}) => {
  const ana = await createUser(request, "Ana");
  const bo = await createUser(request, "Bo");
  const dm = await directChannel(request, ana, bo);
  const a = await signedIn(browser, ana);
  await expect(dot(a.page, dm)).toHaveAttribute("aria-label", "offline");
  await channelRow(a.page, dm).click();
  await expect(headerDot(a.page)).toHaveAccessibleName("offline");

  const b = await signedIn(browser, bo);
  await expect(dot(a.page, dm)).toHaveAttribute("aria-label", "online");
  await expect(dot(a.page, dm)).toHaveAttribute("role", "img");
  await expect(headerDot(a.page)).toHaveAccessibleName("online");
  await expect(a.page.getByTestId("channel-meta")).toHaveText("Online");
  // The member list and the @ suggestions show it too.
  await composer(a.page).fill(`@${bo.name.slice(0, 2)}`);
  const option = a.page.getByRole("option", { name: new RegExp(bo.name) });
  await expect(option.getByTestId("presence-dot")).toHaveAttribute("aria-label", "online");
  await composer(a.page).fill("");
  await a.page.getByRole("button", { name: "Members" }).click();
  const members = a.page.getByRole("dialog");
  await expect(
    members.locator(".member").filter({ hasText: bo.name }).getByTestId("presence-dot"),
  ).toHaveAttribute("aria-label", "online");
  await a.page.keyboard.press("Escape");

  // Bo leaves: after the presence grace (15 s), the dot goes hollow again.
  await b.context.close();
  await expect(dot(a.page, dm)).toHaveAttribute("aria-label", "offline", { timeout: 30_000 });
  await expect(headerDot(a.page)).toHaveAccessibleName("offline");
  await expect(a.page.getByTestId("channel-meta")).toHaveText("Offline");
  await a.context.close();
});

test("a status set from the user menu shows to the other live, and clears", async ({ browser, request }) => {
  const ana = await createUser(request, "Ana");
  const bo = await createUser(request, "Bo");
  const dm = await directChannel(request, ana, bo);
  await sendMessage(request, ana, dm, "hello from Ana");
  const a = await signedIn(browser, ana);
  const b = await signedIn(browser, bo, `/chats`);
  await channelRow(b.page, dm).click();
  await expect(messageWith(b.page, "hello from Ana")).toBeVisible();

  const menu = await openAccountMenu(a.page);
  await menu.getByRole("menuitem", { name: "Set a status" }).click();
  const dialog = a.page.getByRole("dialog", { name: "Set a status" });
  await dialog.getByRole("button", { name: /In a meeting/ }).click();
  await expect(dialog.getByLabel("Status")).toHaveValue("In a meeting");
  await expect(dialog.getByLabel("Clear after")).toHaveValue("1h");
  await expectNoSeriousA11yIssues(a.page, "dialog");
  await a.page.emulateMedia({ colorScheme: "dark" });
  await a.page.waitForFunction(() => document.getAnimations().length === 0);
  await expectNoSeriousA11yIssues(a.page, "dialog");
  await a.page.emulateMedia({ colorScheme: "light" });
  await dialog.getByLabel("Status").fill("Reviewing the build");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toHaveCount(0);

  // Bo sees it live: the sidebar row, the DM header, the message header.
  await expect(
    channelRow(b.page, dm).getByRole("img", { name: "Status: 📅 Reviewing the build" }),
  ).toBeVisible();
  await expect(b.page.getByTestId("channel-meta")).toContainText("Reviewing the build");
  await expect(
    messageWith(b.page, "hello from Ana").getByRole("img", { name: "Status: 📅 Reviewing the build" }),
  ).toBeVisible();
  await b.page.getByRole("button", { name: "Members" }).click();
  await expect(b.page.getByRole("dialog").locator(".member").filter({ hasText: ana.name })).toContainText(
    "Reviewing the build",
  );
  await b.page.keyboard.press("Escape");
  // Ana's own menu says it and her own message shows it.
  const again = await openAccountMenu(a.page);
  await expect(again.getByRole("menuitem", { name: /Edit status/ })).toContainText("Reviewing the build");
  await again.getByRole("menuitem", { name: "Clear status" }).click();
  await expect(b.page.getByTestId("channel-meta")).toHaveText("Online");
  await expect(channelRow(b.page, dm).getByTestId("user-status")).toHaveCount(0);
  await expect(messageWith(b.page, "hello from Ana").getByTestId("user-status")).toHaveCount(0);
  await a.context.close();
  await b.context.close();
});

test("Pause notifications shows a mark to others and keeps the tab silent", async ({ browser, request }) => {
  const ana = await createUser(request, "Ana");
  const bo = await createUser(request, "Bo");
  const dm = await directChannel(request, ana, bo);
  const a = await signedIn(browser, ana, "/chats", undefined, async (page) => {
    await page.context().grantPermissions(["notifications"]);
    await page.addInitScript(countNotifications);
  });
  const b = await signedIn(browser, bo);
  await channelRow(b.page, dm).click();
  await expect(channelRow(a.page, dm)).toBeVisible();

  // Not paused: a DM notifies.
  await sendMessage(request, bo, dm, "before the pause");
  await expect.poll(() => notified(a.page)).toBe(1);

  const menu = await openAccountMenu(a.page);
  await menu.getByRole("menuitem", { name: "Pause notifications" }).click();
  await expect(menu.getByRole("menuitem", { name: "For 30 minutes" })).toBeFocused();
  await menu.getByRole("menuitem", { name: "For 1 hour" }).click();
  await expect(b.page.getByTestId("channel-meta").getByTestId("dnd-mark")).toHaveAccessibleName(
    /^Do not disturb until /,
  );
  await expect(channelRow(b.page, dm).getByTestId("dnd-mark")).toBeVisible();

  // Paused: a DM arrives (the row shows it) but nothing notifies.
  await send(b.page, "during the pause");
  await expect(channelRow(a.page, dm)).toContainText("during the pause");
  await sendMessage(request, bo, dm, "still paused");
  await expect(channelRow(a.page, dm)).toContainText("still paused");
  expect(await notified(a.page)).toBe(1);

  // Resumed: the mark goes and the next DM notifies again.
  const again = await openAccountMenu(a.page);
  await again.getByRole("menuitem", { name: /Resume notifications/ }).click();
  await expect(b.page.getByTestId("dnd-mark")).toHaveCount(0);
  await sendMessage(request, bo, dm, "after the pause");
  await expect.poll(() => notified(a.page)).toBe(2);
  await a.context.close();
  await b.context.close();
});
