/**
 * Passwords in a real browser against the real server: changing one in /settings/account, an
 * admin's one-time reset link opened in a fresh browser (and again, once used), and the pages a
 * dead link or "Forgot password?" show. The e2e server sends no email (no SMTP_URL): the emailed
 * link is covered by the server's tests (apps/server/test/accounts/passwords-email.test.ts).
 */
import { type Browser, expect, type Page, test } from "@playwright/test";
import { newAccount, signUpViaApi, signUpViaUi, submitSignIn, type TestAccount } from "../support/accounts";
import { E2E_ADMIN } from "../support/admin";
import { expectNoSeriousA11yIssues } from "../support/axe";

async function signInAs(page: Page, username: string, password: string) {
  await page.goto("/signin");
  await submitSignIn(page, username, password);
}

/** An admin makes a reset link for `username` in the admin console; answers its path. */
async function resetLinkFor(browser: Browser, username: string): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/chats$/);
  await page.goto("/admin");
  await page.getByLabel("Find a user").fill(username);
  await page.getByRole("button", { name: `Create reset link for ${username}` }).click();
  const field = page.getByLabel(`Password reset link for ${username}`);
  await expect(field).toHaveValue(/\/reset-password#token=/);
  await expect(page.getByText(/Shown only now\. It works once/)).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  const link = new URL(await field.inputValue());
  await context.close();
  return `${link.pathname}${link.hash}`;
}

async function fillNewPassword(page: Page, password: string, confirm = password) {
  await page.getByLabel("New password", { exact: true }).fill(password);
  await page.getByLabel("Confirm new password").fill(confirm);
}

test.describe("passwords", () => {
  test("changing the password in /settings/account, then signing in with the new one", async ({
    page,
    browser,
  }) => {
    const account = newAccount("Changer");
    await signUpViaUi(page, account);
    await page.goto("/settings/account");
    const section = page.getByTestId("password-section");
    await expect(section.getByRole("heading", { name: "Password" })).toBeVisible();
    await expectNoSeriousA11yIssues(page);

    await section.getByLabel("Current password").fill(account.password);
    await fillNewPassword(section.page(), "password123");
    await section.getByRole("button", { name: "Change password" }).click();
    await expect(section.getByRole("alert")).toBeVisible();
    await expect(section.getByLabel("New password", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(section.getByLabel("New password", { exact: true })).toBeFocused();

    await section.getByLabel("Current password").fill("not my password");
    await fillNewPassword(page, "a fresh long horse");
    await section.getByRole("button", { name: "Change password" }).click();
    await expect(section.getByRole("alert")).toHaveText("That is not your current password.");

    await section.getByLabel("Current password").fill(account.password);
    await fillNewPassword(page, "a fresh long horse");
    await section.getByRole("button", { name: "Change password" }).click();
    await expect(section.getByRole("status")).toHaveText(
      "Password changed. Your other sessions were signed out.",
    );
    await expectNoSeriousA11yIssues(page);

    const fresh = await (await browser.newContext()).newPage();
    await signInAs(fresh, account.username, account.password);
    await expect(fresh.getByRole("alert")).toBeVisible();
    await signInAs(fresh, account.username, "a fresh long horse");
    await expect(fresh).toHaveURL(/\/chats$/);
    await fresh.context().close();
  });

  test("an admin's reset link, used in a fresh browser, then a second time", async ({ browser, request }) => {
    const account: TestAccount = newAccount("Forgetful");
    await signUpViaApi(request, account);
    const link = await resetLinkFor(browser, account.username);

    const page = await (await browser.newContext()).newPage();
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
    await expect(page.getByText(`For the account ${account.username}.`)).toBeVisible();
    await expectNoSeriousA11yIssues(page);
    await fillNewPassword(page, "a reset long horse", "a different horse");
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page.getByLabel("Confirm new password")).toHaveAttribute("aria-invalid", "true");
    await fillNewPassword(page, "a reset long horse");
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page.getByRole("heading", { name: "Your password was changed" })).toBeVisible();
    await expectNoSeriousA11yIssues(page);
    await page.getByRole("link", { name: "Sign in" }).click();
    await submitSignIn(page, account.username, "a reset long horse");
    await expect(page).toHaveURL(/\/chats$/);

    const again = await (await browser.newContext()).newPage();
    await again.goto(link);
    await expect(again.getByRole("heading", { name: "This reset link was already used" })).toBeVisible();
    await expect(again.getByText(/Ask an administrator of this Parley for a new link/)).toBeVisible();
    await expect(again.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/signin");
    await expectNoSeriousA11yIssues(again);
    await page.context().close();
    await again.context().close();
  });

  test("a link the server never made gets a clear page", async ({ page }) => {
    await page.goto("/reset-password#token=not-a-token-this-server-made");
    await expect(page.getByRole("heading", { name: "This reset link is not valid" })).toBeVisible();
    await expect(page).toHaveTitle("This reset link is not valid · Parley");
    await expectNoSeriousA11yIssues(page);
  });

  test("without email, sign-in offers no 'Forgot password?' and the request page says why", async ({
    page,
  }) => {
    await page.goto("/signin");
    await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Forgot password?" })).toHaveCount(0);
    await page.goto("/forgot-password");
    await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
    await expectNoSeriousA11yIssues(page);
    await page.getByLabel("Username or email address").fill("someone");
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("alert")).toHaveText(/This server does not send email/);
  });
});
