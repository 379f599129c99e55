import { expect, type Page, test } from "@playwright/test";
import { submitSignIn } from "../support/accounts";
import { expectNoSeriousA11yIssues } from "../support/axe";
import {
  chat,
  createChannel,
  makeModerator,
  openAs,
  openChannel,
  sendMessage,
  signUp,
} from "../support/chat-api";

/** Opens the "More actions" menu of a message (the action bar shows on hover). */
async function moreActions(page: Page, messageId: string) {
  const message = page.locator(`[data-message-id="${messageId}"]`);
  await message.hover();
  await message.getByRole("button", { name: "More actions" }).click();
  return page.getByRole("menu", { name: "More actions" });
}

test("flag, remove from /moderation, ban: everyone sees it live", async ({ browser }) => {
  // Three signed-in browsers, two accessibility scans and a sign-in: over a minute on a slow host.
  test.setTimeout(120_000);
  const a = await openAs(browser, "Author");
  const b = await openAs(browser, "Flagger");
  const mod = await signUp(a.page.request);
  await makeModerator(a.page.request, mod.userId);
  const m = await openAs(browser, "Mod", mod);

  const cid = await createChannel(a.page.request, a.session, "Town square", [b.session]);
  const bad = await sendMessage(a.page.request, a.session, cid, "Buy cheap watches at spam.example");
  await openChannel(a.page, cid);
  await openChannel(b.page, cid);

  // B flags A's message with a reason.
  const menu = await moreActions(b.page, bad);
  await menu.getByRole("menuitem", { name: "Flag message" }).click();
  const dialog = b.page.getByRole("dialog", { name: "Flag message" });
  await expectNoSeriousA11yIssues(b.page, "dialog");
  await dialog.getByRole("radio", { name: "Spam" }).check();
  await dialog.getByLabel(/Details/).fill("watch ads");
  await dialog.getByRole("button", { name: "Flag message" }).click();
  await expect(b.page.getByTestId("notice")).toContainText("Message flagged");

  // M sees it in the queue and removes it; A and B see it gone.
  await m.page.goto("/moderation");
  const row = m.page.getByTestId("flag-row").filter({ hasText: "Buy cheap watches" });
  await expect(row).toContainText(b.session.account.displayName);
  await expect(row).toContainText("Spam: watch ads");
  await expectNoSeriousA11yIssues(m.page);
  await row.getByRole("button", { name: "Remove" }).click();
  await expect(row.getByTestId("flag-review")).toContainText(`Removed by you (${mod.userId})`);
  for (const page of [a.page, b.page]) {
    const message = page.locator(`[data-message-id="${bad}"]`);
    await expect(message).toContainText("message deleted");
    await expect(message).not.toContainText("Buy cheap watches");
  }

  // A posts again, B flags it (live into M's queue); M bans A in one click.
  const worse = await sendMessage(a.page.request, a.session, cid, "Still selling watches");
  expect(
    (await chat(b.page.request, b.session, "POST", `/messages/${worse}/flag`, { reason: "again" })).status,
  ).toBe(201);
  const second = m.page.getByTestId("flag-row").filter({ hasText: "Still selling watches" });
  await expect(second).toBeVisible();
  await second.getByRole("button", { name: `Ban ${a.session.account.displayName}` }).click();
  await expect(m.page.getByTestId("ban-row").filter({ hasText: `@${a.session.userId}` })).toBeVisible();

  // A's socket is closed: the app leaves the signed-in area; signing in again is refused.
  await expect(a.page).toHaveURL(/\/signin/);
  await submitSignIn(a.page, a.session.account.username, a.session.account.password);
  await expect(a.page.getByRole("alert")).toContainText(/banned/i);
  await expect(a.page).toHaveURL(/\/signin/);
});

test("/moderation is for moderators only", async ({ browser }) => {
  const u = await openAs(browser, "Plain");
  await u.page.goto("/moderation");
  await expect(u.page.getByRole("heading", { name: "Moderators only" })).toBeVisible();
  await expect(u.page.getByText("403.")).toBeVisible();
});

test("muting a user hides their messages for the muter only", async ({ browser }) => {
  const a = await openAs(browser, "Loud");
  const b = await openAs(browser, "Quiet");
  const cid = await createChannel(a.page.request, a.session, "Mute room", [b.session]);
  const noisy = await sendMessage(a.page.request, a.session, cid, "so much noise");
  await openChannel(b.page, cid);
  const menu = await moreActions(b.page, noisy);
  await menu.getByRole("menuitem", { name: `Mute ${a.session.account.displayName}` }).click();
  await expect(b.page.locator(`[data-message-id="${noisy}"]`)).toHaveCount(0);
  await openChannel(a.page, cid);
  await expect(a.page.locator(`[data-message-id="${noisy}"]`)).toBeVisible();
  // B unmutes A from the channel's member list: the message is back
  await b.page.getByRole("button", { name: "Members" }).click();
  const dialog = b.page.getByRole("dialog", { name: /Members/ });
  await dialog.getByRole("button", { name: `Unmute ${a.session.account.displayName}` }).click();
  await expect(dialog.getByRole("button", { name: `Mute ${a.session.account.displayName}` })).toBeVisible();
  await b.page.keyboard.press("Escape");
  await expect(b.page.locator(`[data-message-id="${noisy}"]`)).toBeVisible();
});

test("the owner makes a member a channel moderator from the member list, and the member sees it live", async ({
  browser,
}) => {
  const a = await openAs(browser, "Owner");
  const b = await openAs(browser, "Helper");
  const cid = await createChannel(a.page.request, a.session, "Mods room", [b.session]);
  const name = b.session.account.displayName;
  await openChannel(a.page, cid);
  await openChannel(b.page, cid);
  await b.page.getByRole("button", { name: "Members" }).click();
  const theirs = b.page.getByRole("dialog", { name: /Members/ });
  await expect(theirs.getByRole("button", { name: /Make moderator/ })).toHaveCount(0);
  await a.page.getByRole("button", { name: "Members" }).click();
  const dialog = a.page.getByRole("dialog", { name: /Members/ });
  await dialog.getByRole("button", { name: `Make moderator ${name}` }).click();
  const row = (d: typeof dialog) => d.locator(".member").filter({ hasText: name });
  await expect(row(dialog).locator(".member__role")).toHaveText("Moderator");
  await expect(row(theirs).locator(".member__role")).toHaveText("Moderator");
  await expectNoSeriousA11yIssues(a.page, ".dialog");
  await dialog.getByRole("button", { name: `Remove as moderator ${name}` }).click();
  await expect(row(theirs).locator(".member__role")).toHaveCount(0);
});
