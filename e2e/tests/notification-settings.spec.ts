/**
 * Notification settings in a real browser against the real server: the settings screen, a
 * channel's level and mute, Do Not Disturb, this device's push and the email section. A tab's
 * browser notifications are observed by wrapping `window.Notification` (the permission granted)
 * in a page that reports itself hidden, as a tab in the background does.
 */
import { createECDH, randomBytes } from "node:crypto";
import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yIssues } from "../support/axe";
import {
  type ChatUser,
  channelRow,
  chat,
  createChannel,
  createUser,
  sendMessage,
  signedIn,
} from "./chat-support";

/** A time as the browser's locale writes it: "14:00" or "2:00 PM". */
const CLOCK = String.raw`\d{1,2}:\d{2}( [AP]M)?`;

interface Shown {
  title: string;
  body: string;
  tag: string;
}

/** Records every notification the page constructs, and makes the page say it is in the background. */
function observeNotifications() {
  const w = window as unknown as { __shown: Shown[]; Notification: unknown };
  const Real = window.Notification;
  w.__shown = [];
  function Recorded(title: string, options: NotificationOptions = {}) {
    w.__shown.push({ title, body: options.body ?? "", tag: options.tag ?? "" });
    return new Real(title, options);
  }
  Object.defineProperty(Recorded, "permission", { get: () => Real.permission });
  Object.defineProperty(Recorded, "requestPermission", { value: () => Real.requestPermission() });
  w.Notification = Recorded;
  Object.defineProperty(Document.prototype, "visibilityState", { get: () => "hidden" });
  Object.defineProperty(Document.prototype, "hidden", { get: () => true });
  Document.prototype.hasFocus = () => false;
}

async function backgroundTab(browser: Browser, user: ChatUser) {
  return signedIn(browser, user, "/chats", undefined, async (page) => {
    await page.context().grantPermissions(["notifications"]);
    await page.addInitScript(observeNotifications);
  });
}

const shown = (page: Page) => page.evaluate(() => (window as unknown as { __shown: Shown[] }).__shown);
const bodies = async (page: Page) => (await shown(page)).map((n) => n.body);

/** Waits for the notification of `body`; answers every body shown so far. */
async function notified(page: Page, body: string): Promise<string[]> {
  await expect.poll(() => bodies(page)).toContain(body);
  return bodies(page);
}

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

async function openSettings(page: Page) {
  await page.getByRole("link", { name: "Notification settings" }).click();
  await expect(page).toHaveURL(/\/settings\/notifications$/);
  await expect(page.getByRole("heading", { name: "Notification settings", level: 1 })).toBeVisible();
  await expect(page.getByRole("radio", { name: /^Mentions and DMs/ })).toBeVisible();
}

async function backToChats(page: Page) {
  await page.getByRole("link", { name: "← Chats" }).click();
  await expect(page).toHaveURL(/\/chats$/);
}

async function channelMenu(page: Page) {
  await page.getByRole("button", { name: "Channel menu" }).click();
  return page.getByRole("menu", { name: "Channel menu" });
}

test("the settings persist across a reload; email says the server sends none", async ({
  browser,
  request,
}) => {
  const ana = await createUser(request, "Ana");
  const a = await signedIn(browser, ana);
  await openSettings(a.page);
  const page = a.page;
  await expect(page.getByRole("radio", { name: /^Mentions and DMs/ })).toBeChecked();
  await page.getByRole("radio", { name: /^All/ }).check();
  await expect(page.getByRole("status").filter({ hasText: "Saved" })).toHaveCount(1);

  await expect(page.getByTestId("dnd-state")).toHaveText("Off");
  await page.getByRole("button", { name: "For 1 hour" }).click();
  await expect(page.getByTestId("dnd-state")).toHaveText(new RegExp(`^On until (tomorrow )?${CLOCK}$`));
  const dnd = await page.getByTestId("dnd-state").textContent();

  // The email section: disabled, and saying why (the e2e server has no SMTP_URL).
  const email = page.getByTestId("email-section");
  await expect(email).toContainText("This server does not send email — an administrator can set SMTP_URL");
  await expect(email.getByLabel("Email address")).toBeDisabled();
  await expect(email.getByLabel("Email me the mentions and direct messages I miss")).toBeDisabled();
  await expect(email.getByLabel("After they stay unread for")).toBeDisabled();
  await expectNoSeriousA11yIssues(page);
  await page.emulateMedia({ colorScheme: "dark" });
  // The buttons' colours ease into the dark theme: axe reads them once they have arrived.
  await page.waitForFunction(() => document.getAnimations().length === 0);
  await expectNoSeriousA11yIssues(page);

  await page.reload();
  await expect(page.getByRole("radio", { name: /^All/ })).toBeChecked();
  await expect(page.getByTestId("dnd-state")).toHaveText(dnd ?? "");
  await page.getByRole("button", { name: "Turn off" }).click();
  await expect(page.getByTestId("dnd-state")).toHaveText("Off");
  await page.reload();
  await expect(page.getByTestId("dnd-state")).toHaveText("Off");
  await a.context.close();
});

test("a channel at Nothing stays quiet, at All every message notifies", async ({ browser, request }) => {
  const ana = await createUser(request, "Ana");
  const bo = await createUser(request, "Bo");
  const cid = await createChannel(request, ana, [bo], "Quiet room");
  const dm = await directChannel(request, ana, bo);
  const b = await backgroundTab(browser, bo);
  await expect(channelRow(b.page, cid)).toBeVisible();

  // At the default level (mentions and DMs), a mention notifies and a plain message does not.
  await sendMessage(request, ana, cid, "plain before");
  await sendMessage(request, ana, cid, `@${bo.id} mention before`, { mentioned_users: [bo.id] });
  let seen = await notified(b.page, `@${bo.name} mention before`);
  expect(seen).not.toContain("plain before");
  expect((await shown(b.page)).at(-1)).toMatchObject({ title: `${ana.name} in Quiet room`, tag: cid });

  await channelRow(b.page, cid).click();
  await (await channelMenu(b.page))
    .getByRole("menuitem", { name: "Notifications: Default (Mentions and DMs)" })
    .click();
  const dialog = b.page.getByRole("dialog", { name: "Notifications in Quiet room" });
  await expect(dialog.getByRole("radio", { name: /^Default \(Mentions and DMs\)/ })).toBeChecked();
  await expectNoSeriousA11yIssues(b.page);
  await dialog.getByRole("radio", { name: /^Nothing/ }).check();
  await expect(dialog.getByRole("status")).toHaveText("Saved");
  await dialog.getByRole("button", { name: "Done" }).click();

  // Nothing: not even a mention; the DM sent after it shows that its turn has passed.
  await sendMessage(request, ana, cid, `@${bo.id} mention at nothing`, { mentioned_users: [bo.id] });
  await sendMessage(request, ana, dm, "dm after nothing");
  seen = await notified(b.page, "dm after nothing");
  expect(seen).not.toContain(`@${bo.name} mention at nothing`);

  await (await channelMenu(b.page)).getByRole("menuitem", { name: "Notifications: Nothing" }).click();
  await dialog.getByRole("radio", { name: /^All/ }).check();
  await expect(dialog.getByRole("status")).toHaveText("Saved");
  await dialog.getByRole("button", { name: "Done" }).click();
  await sendMessage(request, ana, cid, "plain at all");
  await notified(b.page, "plain at all");

  // The level is the server's: it holds after a reload.
  await b.page.reload();
  await expect(
    (await channelMenu(b.page)).getByRole("menuitem", { name: "Notifications: All" }),
  ).toBeVisible();
  await b.context.close();
});

test("Do Not Disturb silences a DM's notification; turned off, DMs notify again", async ({
  browser,
  request,
}) => {
  const ana = await createUser(request, "Ana");
  const bo = await createUser(request, "Bo");
  const dm = await directChannel(request, ana, bo);
  const b = await backgroundTab(browser, bo);
  await sendMessage(request, ana, dm, "dm before dnd");
  await notified(b.page, "dm before dnd");

  await openSettings(b.page);
  await b.page.getByRole("button", { name: "For 30 minutes" }).click();
  await expect(b.page.getByTestId("dnd-state")).toHaveText(/^On until /);
  await backToChats(b.page);
  await sendMessage(request, ana, dm, "dm during dnd");
  // The message reached the tab (its row shows it) and made no notification.
  await expect(channelRow(b.page, dm)).toContainText("dm during dnd");
  expect(await bodies(b.page)).not.toContain("dm during dnd");

  await openSettings(b.page);
  await b.page.getByRole("button", { name: "Turn off" }).click();
  await expect(b.page.getByTestId("dnd-state")).toHaveText("Off");
  await backToChats(b.page);
  await sendMessage(request, ana, dm, "dm after dnd");
  const seen = await notified(b.page, "dm after dnd");
  expect(seen).not.toContain("dm during dnd");
  expect((await shown(b.page)).at(-1)).toMatchObject({ title: ana.name, tag: dm });
  await b.context.close();
});

test("a timed mute shows its end in the header and the list, and unmutes", async ({ browser, request }) => {
  const ana = await createUser(request, "Ana");
  const bo = await createUser(request, "Bo");
  const cid = await createChannel(request, ana, [bo], "Busy room");
  const b = await signedIn(browser, bo, `/c/${cid}`);
  const menu = await channelMenu(b.page);
  await expect(menu.getByRole("menuitem", { name: "Mute for 8 hours" })).toBeVisible();
  await expectNoSeriousA11yIssues(b.page);
  await menu.getByRole("menuitem", { name: "Mute for 1 hour" }).click();
  const marker = b.page.getByTestId("channel-muted");
  await expect(marker).toHaveText(new RegExp(`Muted until (tomorrow )?${CLOCK}$`));
  const row = channelRow(b.page, cid);
  await expect(row).toHaveClass(/channel-row--muted/);

  await b.page.reload();
  await expect(marker).toHaveText(new RegExp(`Muted until (tomorrow )?${CLOCK}$`));
  const until = ((await marker.textContent()) ?? "").replace(/^.*Muted until /, "");
  await (await channelMenu(b.page)).getByRole("menuitem", { name: `Unmute (muted until ${until})` }).click();
  await expect(marker).toHaveCount(0);
  await expect(row).not.toHaveClass(/channel-row--muted/);

  await (await channelMenu(b.page)).getByRole("menuitem", { name: "Mute until I unmute" }).click();
  await expect(marker).toHaveText(/· Muted$/);
  await expect(row).toHaveClass(/channel-row--muted/);
  await b.context.close();
});

/** A push subscription as a browser gives it: a P-256 public key and a 16-byte secret. */
function fakeSubscription() {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return {
    endpoint: `https://push.example.test/send/${randomBytes(8).toString("hex")}`,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") },
  };
}

test("this device's push, the other devices and a test notification", async ({ browser, request }) => {
  const ana = await createUser(request, "Ana");
  const a = await signedIn(browser, ana, "/chats", undefined, (page) =>
    page.context().grantPermissions(["notifications"]),
  );
  await openSettings(a.page);
  const page = a.page;
  const device = page.getByTestId("push-device");
  await expect(device).toHaveAttribute("data-status", "off");
  await expect(page.getByTestId("test-push-result")).toHaveText("");
  await page.getByRole("button", { name: "Send a test notification" }).click();
  await expect(page.getByTestId("test-push-result")).toHaveText(
    "No device of yours gets push notifications yet: enable them first.",
  );

  await page.getByRole("button", { name: "Enable notifications on this device" }).click();
  // Headless Chromium has no push service to subscribe with: the screen says so, and stays off.
  await expect(device.getByRole("alert")).toHaveText(/^This browser could not subscribe to push \(.+\)\.$/);
  await expect(device).toHaveAttribute("data-status", "off");
  await expectNoSeriousA11yIssues(page);

  // A device registered elsewhere is listed, gets the test, and can be removed from here.
  await chat(request, ana, "POST", "/push/subscriptions", fakeSubscription());
  await page.reload();
  const list = page.getByTestId("push-devices");
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await page.getByRole("button", { name: "Send a test notification" }).click();
  await expect(page.getByTestId("test-push-result")).toHaveText("Sent to 1 device.");
  await list.getByRole("button", { name: /^Remove / }).click();
  await expect(list).toHaveCount(0);
  await expect(page.getByText("No other device gets push notifications.")).toBeVisible();
  const { subscriptions } = await chat<{ subscriptions: unknown[] }>(
    request,
    ana,
    "GET",
    "/push/subscriptions",
  );
  expect(subscriptions).toEqual([]);
  await a.context.close();
});
