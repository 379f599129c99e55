/**
 * Single sign-on in Chromium: a Parley server of the spec's own (port PARLEY_E2E_PORT + 10, 4114
 * for engineer runs on 4104) signs in with the certified oidc-provider run in this process. The
 * real flow: the button, the provider's login page and consent, the callback, /sso, the chat list;
 * SSO-only mode's pages; a local account linked with its password once (the one password sign-in
 * SSO-only mode lets through); the error states. axe on every new page state.
 */
import { type Browser, expect, type Page, test } from "@playwright/test";
import { E2E_ADMIN } from "../support/admin";
import { expectNoSeriousA11yIssues } from "../support/axe";
import { type E2eProvider, startE2eProvider } from "../support/oidc-provider";
import { type OwnServer, startOwnServer } from "../support/own-server";

const OFFSET = 10;
const PUBLIC_URL = `http://127.0.0.1:${Number(process.env.PARLEY_E2E_PORT ?? 3999) + OFFSET}`;
const CLIENT = {
  id: "parley-e2e",
  secret: "parley-e2e-client-secret",
  redirectUri: `${PUBLIC_URL}/api/oidc/callback`,
};

test.describe.configure({ mode: "serial" });

let idp: E2eProvider;
let own: OwnServer;

test.beforeAll(async () => {
  idp = await startE2eProvider(CLIENT, {
    "sub-ada": { preferred_username: "ada", name: "Ada Lovelace" },
    // The provider's name for the server's local admin account: signing in links it.
    "sub-boss": { preferred_username: E2E_ADMIN.username, name: "The Boss" },
    "sub-grace": { preferred_username: "grace", name: "Grace Hopper" },
  });
  own = await startOwnServer(OFFSET, {
    PUBLIC_URL,
    OUTBOUND_ALLOW_LOOPBACK: "true",
    OIDC_ISSUER: idp.issuer,
    OIDC_CLIENT_ID: CLIENT.id,
    OIDC_CLIENT_SECRET: CLIENT.secret,
    OIDC_NAME: "Acme ID",
    // Passwords off: the local admin gets in only by linking (the break-glass admin is someone else).
    OIDC_SSO_ONLY: "true",
    OIDC_BREAK_GLASS_ADMIN: "rescue",
  });
});
test.afterAll(async () => {
  await own?.close();
  await idp?.close();
});

/** From Parley's sign-in page through the provider's login and consent pages, back to Parley. */
async function signInAtProvider(page: Page, accountId: string) {
  await page.getByRole("link", { name: "Sign in with Acme ID" }).click();
  await expect(page).toHaveURL(new RegExp(`^${idp.issuer}/interaction/`));
  await page.locator('input[name="login"]').fill(accountId);
  await page.locator('input[name="password"]').fill("any password");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
}

async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: own.baseURL });
  return context.newPage();
}

test("signs in through the provider's login and consent pages and lands in the chat list", async ({
  browser,
}) => {
  const page = await freshPage(browser);
  await page.goto("/signin");
  await expect(page.getByRole("link", { name: "Sign in with Acme ID" })).toBeVisible();
  // SSO only: the password form waits behind a button, for the break-glass admin.
  await expect(page.getByLabel("Password")).toBeHidden();
  await expectNoSeriousA11yIssues(page);
  await page.getByRole("button", { name: "Sign in with a password (administrators)" }).click();
  await expect(page.getByLabel("Password")).toBeVisible();

  await signInAtProvider(page, "sub-ada");
  await expect(page).toHaveURL(`${own.baseURL}/chats`);
  expect(await page.evaluate(() => localStorage.getItem("uid"))).toBe("ada");
  expect(await page.evaluate(() => sessionStorage.getItem("token"))).toBeTruthy();
  await page.context().close();
});

test("offers only the button on the join page", async ({ browser }) => {
  const page = await freshPage(browser);
  await page.goto("/join");
  await expect(page.getByRole("link", { name: "Sign in with Acme ID" })).toBeVisible();
  await expect(page.getByText("Accounts on this server are made by signing in with Acme ID.")).toBeVisible();
  await expect(page.getByLabel("Username")).toBeHidden();
  await expectNoSeriousA11yIssues(page);
  await page.context().close();
});

test("links a local account once its password is given, then signs it in with SSO", async ({ browser }) => {
  const page = await freshPage(browser);
  await page.goto("/signin");
  await signInAtProvider(page, "sub-boss");
  await expect(page.getByText("Sign in to your Parley account to link it with Acme ID.")).toBeVisible();
  await expect(page).not.toHaveURL(/sso_link/);
  await expectNoSeriousA11yIssues(page);

  await page.getByLabel("Username").fill(E2E_ADMIN.username);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Account linked" })).toBeVisible();
  await expect(page.getByText("Your account is now linked with Acme ID.")).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  await page.getByRole("link", { name: "Continue" }).click();
  await expect(page).toHaveURL(`${own.baseURL}/chats`);
  await page.context().close();

  const again = await freshPage(browser);
  await again.goto("/signin");
  await signInAtProvider(again, "sub-boss");
  await expect(again).toHaveURL(`${own.baseURL}/chats`);
  expect(await again.evaluate(() => localStorage.getItem("uid"))).toBe(E2E_ADMIN.username);
  await again.context().close();
});

test("says why a single sign-on failed", async ({ browser }) => {
  const page = await freshPage(browser);
  await page.goto("/signin?sso_error=rejected");
  await expect(page.getByRole("alert")).toHaveText(/could not be verified/);
  await expectNoSeriousA11yIssues(page);

  await page.goto("/sso#code=not-a-code");
  await expect(page.getByRole("heading", { name: "Single sign-on did not finish" })).toBeVisible();
  await expect(page.getByRole("alert")).toHaveText(/unknown, used or expired/);
  await expectNoSeriousA11yIssues(page);
  await page.context().close();
});

test("with sign-up closed, the join page still lets the organisation's accounts in through single sign-on", async ({
  browser,
}) => {
  const settings = (signupMode: string) =>
    fetch(`${own.baseURL}/api/admin/settings`, {
      method: "PATCH",
      headers: { authorization: `Bearer ${own.admin.token}`, "content-type": "application/json" },
      body: JSON.stringify({ signupMode }),
    });
  expect((await settings("closed")).status).toBe(200);
  try {
    const page = await freshPage(browser);
    await page.goto("/join");
    await expect(page.getByRole("heading", { name: "Sign-up is closed" })).toBeVisible();
    await expect(page.getByTestId("signup-unavailable")).toContainText("If you have an account with Acme ID");
    await expectNoSeriousA11yIssues(page);
    await signInAtProvider(page, "sub-grace");
    await expect(page).toHaveURL(`${own.baseURL}/chats`);
    expect(await page.evaluate(() => localStorage.getItem("uid"))).toBe("grace");
    await page.context().close();
  } finally {
    await settings("open");
  }
});
