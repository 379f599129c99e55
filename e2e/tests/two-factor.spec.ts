/**
 * Two-factor sign-in in a real browser against the real server: enrolling from
 * /settings/account (the setup key read off the page, codes computed here with otplib), signing
 * out and in with the second step, a recovery code that works once, remembering the device, and —
 * on a server of the spec's own whose admin requires it of everyone — enrolling during sign-in.
 */
import { expect, type Page, test } from "@playwright/test";
import { generate } from "otplib";
import { newAccount, signUpViaApi, signUpViaUi, submitSignIn } from "../support/accounts";
import { expectNoSeriousA11yIssues } from "../support/axe";
import { type OwnServer, startOwnServer } from "../support/own-server";

/** The code of `secret` one step ahead: the enrolment or the last sign-in may have used this one. */
const nextCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
const currentCode = (secret: string) => generate({ secret });

async function signOut(page: Page) {
  if (!page.url().endsWith("/chats")) await page.goto("/chats");
  await page.getByRole("button", { name: /account menu/ }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/$/);
}

async function passwordStep(page: Page, username: string, password: string) {
  await page.goto("/signin");
  await submitSignIn(page, username, password);
}

/** Reads the setup key and the ten recovery codes off the enrolment the page shows. */
async function enrolOnPage(page: Page, code: (secret: string) => Promise<string>) {
  const key = (await page.getByTestId("two-factor-secret").innerText()).replace(/\s+/g, "");
  expect(key).toMatch(/^[A-Z2-7]{32}$/);
  await expect(page.getByTestId("two-factor-qr")).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  const field = page.getByLabel("Authentication code");
  await expect(field).toHaveAttribute("autocomplete", "one-time-code");
  await expect(field).toHaveAttribute("inputmode", "numeric");
  await field.fill(await code(key));
  await page.getByRole("button", { name: "Turn on" }).click();
  const list = page.getByRole("list", { name: "Recovery codes" });
  await expect(list.getByRole("listitem")).toHaveCount(10);
  const codes = (await list.getByRole("listitem").allInnerTexts()).map((c) => c.trim());
  await expect(page.getByRole("link", { name: "Download" })).toHaveAttribute(
    "download",
    "parley-recovery-codes.txt",
  );
  await expectNoSeriousA11yIssues(page);
  return { key, codes };
}

test.describe("two-factor sign-in", () => {
  test("enrol in settings; sign in with a code, a recovery code once, then remember the device", async ({
    page,
  }) => {
    const account = newAccount("Tess");
    await signUpViaUi(page, account);
    await page.goto("/settings/account");
    const section = page.getByTestId("two-factor-section");
    await expect(section.getByTestId("two-factor-state")).toHaveText("Off.");
    await expectNoSeriousA11yIssues(page);
    await section.getByRole("button", { name: "Turn on" }).click();
    const { key, codes } = await enrolOnPage(page, async (k) => currentCode(k));
    await page.getByRole("button", { name: "I saved them" }).click();
    await expect(section.getByTestId("two-factor-state")).toContainText("10 of 10 recovery codes left");
    await expectNoSeriousA11yIssues(page);

    await signOut(page);
    await passwordStep(page, account.username, account.password);
    await expect(page.getByRole("heading", { name: "Two-factor sign-in" })).toBeVisible();
    await expect(page.getByLabel("Authentication code")).toBeFocused();
    await expectNoSeriousA11yIssues(page);
    await page.getByLabel("Authentication code").fill("000000");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toContainText("That code didn't work");
    await expectNoSeriousA11yIssues(page);
    await page.getByLabel("Authentication code").fill(await nextCode(key));
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/chats$/);
    await expect(page.getByTestId("current-user-name")).toHaveText(account.displayName);

    // A recovery code signs in once.
    for (const expected of ["signed in", "refused"] as const) {
      await signOut(page);
      await passwordStep(page, account.username, account.password);
      await page.getByRole("button", { name: "Use a recovery code" }).click();
      await expect(page.getByLabel("Recovery code")).toBeFocused();
      if (expected === "signed in") await expectNoSeriousA11yIssues(page);
      await page.getByLabel("Recovery code").fill(codes[0]!);
      await page.getByRole("button", { name: "Sign in" }).click();
      if (expected === "signed in") await expect(page).toHaveURL(/\/chats$/);
      else await expect(page.getByRole("alert")).toContainText("That code didn't work");
    }

    // Another recovery code, remembering the device: the next sign-in skips the second step.
    await page.getByLabel("Recovery code").fill(codes[1]!);
    await page.getByLabel("Remember this device for 30 days").check();
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/chats$/);
    await signOut(page);
    await passwordStep(page, account.username, account.password);
    await expect(page).toHaveURL(/\/chats$/);

    await page.goto("/settings/account");
    await expect(section.getByTestId("two-factor-state")).toContainText("8 of 10 recovery codes left");
  });

  test.describe("required by the admin", () => {
    let server: OwnServer;
    test.beforeAll(async () => {
      server = await startOwnServer(110);
      const r = await fetch(`${server.baseURL}/api/admin/settings`, {
        method: "PATCH",
        headers: { "content-type": "application/json", authorization: `Bearer ${server.admin.token}` },
        body: JSON.stringify({ require2fa: "everyone" }),
      });
      expect(r.status).toBe(200);
    });
    test.afterAll(() => server?.close());

    test("an account without a second factor sets one up while signing in", async ({ browser }) => {
      const context = await browser.newContext({ baseURL: server.baseURL });
      const page = await context.newPage();
      const account = newAccount("Rita");
      await signUpViaApi(context.request, account);
      await passwordStep(page, account.username, account.password);
      await expect(page.getByRole("heading", { name: "Set up two-factor sign-in" })).toBeVisible();
      const { codes } = await enrolOnPage(page, async (k) => currentCode(k));
      expect(codes).toHaveLength(10);
      await page.getByRole("button", { name: "Continue to Parley" }).click();
      await expect(page).toHaveURL(/\/chats$/);
      await expect(page.getByTestId("current-user-name")).toHaveText(account.displayName);
      await context.close();
    });
  });
});
