/**
 * The sessions a user holds, and an admin's hold on accounts, in a real browser against the real
 * server: /settings/account lists where the user is signed in and signs the others out (their
 * open tabs go to the sign-in page); /admin deactivates an account (its tab goes too, and signing
 * in is refused with a clear message) and reactivates it.
 */
import type { AuthResponse } from "@parley/protocol";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { newAccount } from "../support/accounts";
import { E2E_ADMIN } from "../support/admin";
import { expectNoSeriousA11yIssues } from "../support/axe";
import { type ChatUser, signedIn } from "./chat-support";

/** A new account signed up over the API, with the password it signs in with. */
async function createUser(request: APIRequestContext, label: string) {
  const account = newAccount(label);
  const res = await request.post("/api/auth", { data: { action: "signup", ...account } });
  expect(res.status(), await res.text()).toBe(201);
  const auth = (await res.json()) as AuthResponse;
  return { ...asUser(auth), password: account.password };
}

async function signInApi(request: APIRequestContext, username: string, password: string, ua: string) {
  const res = await request.post("/api/auth", {
    data: { action: "signin", username, password },
    headers: { "user-agent": ua },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as AuthResponse;
}

const asUser = (auth: AuthResponse): ChatUser => ({ auth, id: auth.user.id, name: auth.user.displayName });

test("a user sees where they are signed in and signs the other sessions out", async ({
  browser,
  request,
}) => {
  const user = await createUser(request, "Sessions User");
  const phone = await signInApi(
    request,
    user.id,
    user.password,
    "Mozilla/5.0 (Linux; Android 15) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Mobile Safari/537.36",
  );
  const other = await signedIn(browser, asUser(phone), "/chats");
  const here = await signedIn(browser, user, "/chats");
  const { page } = here;
  await page.goto("/settings/account");

  const sessions = page.getByTestId("session");
  await expect(sessions).toHaveCount(2);
  await expect(sessions.filter({ hasText: "This session" })).toHaveCount(1);
  await expect(sessions.filter({ hasText: "Chrome on Android" })).toHaveCount(1);
  await expectNoSeriousA11yIssues(page);

  await page.getByRole("button", { name: "Sign out all other sessions" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Signed out 1 other session." })).toBeVisible();
  await expect(sessions).toHaveCount(1);
  // The phone's open tab is told at once: its socket closed, it goes to the sign-in page.
  await expect(other.page).toHaveURL(/\/signin/);
  await other.context.close();
  await here.context.close();
});

test("an admin deactivates an account: its tab closes, sign-in is refused, reactivation lets it back", async ({
  browser,
  request,
}) => {
  const user = await createUser(request, "Leaving User");
  const admin = await signInApi(request, E2E_ADMIN.username, E2E_ADMIN.password, "e2e admin");
  const victim = await signedIn(browser, user, "/chats");
  const console = await signedIn(browser, asUser(admin), "/chats");
  const { page } = console;
  await page.goto("/admin");

  await page.getByLabel("Find a user").fill(user.id);
  const row = page.locator(`[data-testid="admin-user"][data-user-id="${user.id}"]`);
  await expect(row).toHaveCount(1);
  await row.getByRole("button", { name: `Deactivate ${user.name}` }).click();
  await expect(page.getByRole("status").filter({ hasText: `${user.name} is deactivated.` })).toBeVisible();
  await expect(row).toContainText("Deactivated");
  await expectNoSeriousA11yIssues(page, '[aria-labelledby="admin-users"]');

  await expect(victim.page).toHaveURL(/\/signin/);
  await victim.page.getByLabel("Username").fill(user.id);
  await victim.page.getByLabel("Password").fill(user.password);
  await victim.page.getByRole("button", { name: "Sign in" }).click();
  await expect(victim.page.getByRole("alert")).toContainText("deactivated");

  await row.getByRole("button", { name: `Reactivate ${user.name}` }).click();
  await expect(page.getByRole("status").filter({ hasText: `${user.name} can sign in again.` })).toBeVisible();
  await victim.page.getByRole("button", { name: "Sign in" }).click();
  await expect(victim.page.getByTestId("current-user-name")).toHaveText(user.name);
  await victim.context.close();
  await console.context.close();
});
