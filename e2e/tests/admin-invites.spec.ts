import type { AuthResponse } from "@parley/protocol";
import { type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { newAccount, submitSignUp } from "../support/accounts";
import { expectNoSeriousA11yIssues } from "../support/axe";
import { type OwnServer, startOwnServer } from "../support/own-server";

/**
 * The admin console and invite links, on a server of this spec's own: switching the sign-up
 * mode would turn away every other spec's sign-ups on the shared one.
 */
test.describe.configure({ mode: "serial" });

let server: OwnServer;
test.beforeAll(async () => {
  server = await startOwnServer(100);
});
test.afterAll(() => server?.close());

async function api(method: string, path: string, token: string, body?: unknown): Promise<any> {
  const url = path.startsWith("/chat")
    ? `${server.baseURL}${path}?api_key=${server.apiKey}`
    : `${server.baseURL}${path}`;
  const res = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/** A browser context on the spec's server, signed in as `auth` when given. */
async function contextFor(
  browser: Browser,
  auth?: AuthResponse,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: server.baseURL,
    viewport: { width: 1280, height: 900 },
  });
  if (auth) {
    await context.addInitScript((a: AuthResponse) => {
      if (!sessionStorage.getItem("token") && !localStorage.getItem("signed-out")) {
        sessionStorage.setItem("token", a.streamToken);
        sessionStorage.setItem("user_token", a.token);
        localStorage.setItem("uid", a.user.id);
      }
    }, auth);
  }
  return { context, page: await context.newPage() };
}

test("an admin switches to invite-only, invites into a channel; the invited person joins and lands there", async ({
  browser,
}) => {
  const channelId = `launch-${Date.now().toString(36)}`;
  await api("POST", `/chat/channels/team/${channelId}/query`, server.admin.streamToken, {
    data: { name: "Launch room" },
  });

  const admin = await contextFor(browser, server.admin);
  await admin.page.goto("/chats");
  await admin.page.getByRole("button", { name: /account menu/ }).click();
  await admin.page.getByRole("menuitem", { name: "Admin console" }).click();
  await expect(admin.page).toHaveURL(/\/admin$/);
  await expect(admin.page.getByRole("heading", { name: "Admin console" })).toBeVisible();
  const signup = admin.page.locator("#admin-signup");
  await signup.getByRole("radio", { name: /Invite only/ }).check();
  await expect(signup.getByRole("status").first()).toHaveText("Saved");
  await expectNoSeriousA11yIssues(admin.page);

  const invites = admin.page.locator("#admin-invites");
  await invites.getByRole("checkbox", { name: "Launch room" }).check();
  await invites.getByRole("button", { name: "Create invite link" }).click();
  const url = await invites.getByTestId("invite-url").first().inputValue();
  expect(url).toMatch(/\/join#invite=[A-Za-z0-9_-]{43}$/);
  await expect(invites.getByTestId("invite-row").first()).toContainText("Active");
  const link = `/join${new URL(url).hash}`;

  // Without the link, the join page explains instead of offering a form.
  const guest = await contextFor(browser);
  await guest.page.goto("/join");
  await expect(guest.page.getByTestId("signup-unavailable")).toBeVisible();
  await expect(guest.page.getByRole("heading", { name: "Joining needs an invite" })).toBeVisible();

  await guest.page.goto(link);
  await expect(guest.page.getByTestId("inviter-name")).toHaveText("E2E Admin");
  await expect(guest.page.getByTestId("invite-channel")).toHaveText(["# Launch room"]);
  await expectNoSeriousA11yIssues(guest.page);
  const account = newAccount("Invited");
  await submitSignUp(guest.page, account);
  await expect(guest.page).toHaveURL(new RegExp(`/c/team:${channelId}$`));
  await expect(guest.page.getByTestId("current-user-name")).toHaveText(account.displayName);
  await expect(guest.page.getByTestId("channel-name")).toHaveText("Launch room");

  // The single use is spent: the link now says so.
  const late = await contextFor(browser);
  await late.page.goto(link);
  await expect(late.page.getByTestId("invite-refused")).toHaveAttribute("data-code", "invite_used_up");
  await expect(late.page.getByRole("heading", { name: "This invite has been used up" })).toBeVisible();
  await admin.page.reload();
  await expect(admin.page.locator("#admin-invites").getByTestId("invite-row").first()).toContainText(
    "Used up",
  );
  await Promise.all([admin.context.close(), guest.context.close(), late.context.close()]);
});

test("revoked and unknown invite links show a clear page, never the form", async ({ browser }) => {
  const made = await api("POST", "/api/invites", server.admin.token, { maxUses: 5 });
  const admin = await contextFor(browser, server.admin);
  await admin.page.goto("/admin");
  const row = admin.page.locator("#admin-invites").getByTestId("invite-row").first();
  await expect(row).toContainText("Active");
  await row.getByRole("button", { name: /Revoke/ }).click();
  await expect(row).toContainText("Revoked");

  const guest = await contextFor(browser);
  await guest.page.goto(`/join#invite=${made.token}`);
  await expect(guest.page.getByRole("heading", { name: "This invite was revoked" })).toBeVisible();
  await expect(guest.page.getByRole("form", { name: "Sign up" })).toHaveCount(0);
  await expectNoSeriousA11yIssues(guest.page);
  await guest.page.goto(`/join#invite=${"x".repeat(43)}`);
  await expect(guest.page.getByRole("heading", { name: "This invite link is not valid" })).toBeVisible();
  await Promise.all([admin.context.close(), guest.context.close()]);
});

test("closed: the join page explains, and an admin creates the account in the console", async ({
  browser,
}) => {
  const admin = await contextFor(browser, server.admin);
  await admin.page.goto("/admin");
  await admin.page
    .locator("#admin-signup")
    .getByRole("radio", { name: /Closed/ })
    .check();
  await expect(admin.page.locator("#admin-signup").getByRole("status").first()).toHaveText("Saved");
  const account = newAccount("Made");
  const form = admin.page.getByRole("form", { name: "Create account" });
  await form.getByLabel("Username").fill(account.username);
  await form.getByLabel("Display name").fill(account.displayName);
  await form.getByLabel("Initial password").fill(account.password);
  await form.getByRole("button", { name: "Create account" }).click();
  await expect(form.getByRole("status")).toHaveText(
    `Account ${account.username} created. Give them the password to sign in.`,
  );

  const guest = await contextFor(browser);
  await guest.page.goto("/join");
  await expect(guest.page.getByRole("heading", { name: "Sign-up is closed" })).toBeVisible();
  await guest.page.goto("/signin");
  await guest.page.getByLabel("Username").fill(account.username);
  await guest.page.getByLabel("Password").fill(account.password);
  await guest.page.getByRole("button", { name: "Sign in" }).click();
  await expect(guest.page.getByTestId("current-user-name")).toHaveText(account.displayName);
  // A plain member gets the 403 page at /admin.
  await guest.page.goto("/admin");
  await expect(guest.page.getByRole("heading", { name: "Admins only" })).toBeVisible();
  await api("PATCH", "/api/admin/settings", server.admin.token, { signupMode: "open" });
  await Promise.all([admin.context.close(), guest.context.close()]);
});
