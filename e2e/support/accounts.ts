import { randomBytes } from "node:crypto";
import { type APIRequestContext, expect, type Page } from "@playwright/test";

export interface TestAccount {
  username: string;
  displayName: string;
  password: string;
}

/** A fresh account description; usernames are unique per call so tests never collide. */
export function newAccount(label = "Test User"): TestAccount {
  const username = `u${randomBytes(6).toString("hex")}`;
  return {
    username,
    displayName: `${label} ${username.slice(1, 5)}`,
    password: `pw-${randomBytes(8).toString("hex")}`,
  };
}

/** Create an account directly through the API (for tests about signing in). */
export async function signUpViaApi(request: APIRequestContext, account: TestAccount): Promise<void> {
  const res = await request.post("/api/auth", {
    data: { action: "signup", ...account, profilePicture: "" },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** Fill in and submit /join (the page must be on it). */
export async function submitSignUp(page: Page, account: TestAccount): Promise<void> {
  await page.getByLabel("Username").fill(account.username);
  await page.getByLabel("Display name").fill(account.displayName);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Create account" }).click();
}

/** Fill in and submit /signin (the page must be on it). */
export async function submitSignIn(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** Sign up through the UI and wait for the chat list. */
export async function signUpViaUi(page: Page, account: TestAccount): Promise<void> {
  await page.goto("/join");
  await submitSignUp(page, account);
  await expect(page).toHaveURL(/\/chats$/);
  await expect(page.getByTestId("current-user-name")).toHaveText(account.displayName);
}

export interface BrowserStorage {
  session: Record<string, string>;
  local: Record<string, string>;
}

/** Everything in sessionStorage and localStorage of the page's origin. */
export function readStorage(page: Page): Promise<BrowserStorage> {
  return page.evaluate(() => {
    const dump = (storage: Storage): Record<string, string> => {
      const out: Record<string, string> = {};
      for (let i = 0; i < storage.length; i++) {
        const key = storage.key(i);
        if (key !== null) out[key] = storage.getItem(key) ?? "";
      }
      return out;
    };
    return { session: dump(sessionStorage), local: dump(localStorage) };
  });
}
