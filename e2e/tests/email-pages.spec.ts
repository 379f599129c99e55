import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yIssues } from "../support/axe";

/**
 * The pages email links open: /verify-email and /unsubscribe call the server with the link's
 * token and say what happened, never a stack. (The e2e server sends no email, so every token
 * here is one the server refuses; the accepted paths are covered by the server's email tests.)
 */
const EXPIRED = "This link has expired or was already used";

test.describe("the pages email links open", () => {
  test("a verification link the server refuses says it expired or was used", async ({ page }) => {
    const answer = page.waitForResponse((res) => res.url().endsWith("/chat/email/verify"));
    await page.goto("/verify-email?token=not-a-token-this-server-gave");
    const res = await answer;
    expect(res.status()).toBe(400);
    expect(res.request().postDataJSON()).toEqual({ token: "not-a-token-this-server-gave" });
    await expect(page.getByRole("heading", { name: EXPIRED })).toBeVisible();
    await expect(page.getByText(/Verification links work once, for 24 hours/)).toBeVisible();
    await expect(page.getByRole("link", { name: "Open Parley" })).toHaveAttribute("href", "/chats");
    await expect(page).toHaveTitle(`${EXPIRED} · Parley`);
    await expectNoSeriousA11yIssues(page);
  });

  test("a link without its token says so without asking the server", async ({ page }) => {
    let calls = 0;
    page.on("request", (req) => {
      if (req.url().includes("/chat/email/")) calls++;
    });
    await page.goto("/verify-email");
    await expect(page.getByRole("heading", { name: EXPIRED })).toBeVisible();
    await page.goto("/unsubscribe");
    await expect(page.getByRole("heading", { name: EXPIRED })).toBeVisible();
    expect(calls).toBe(0);
  });

  test("an unsubscribe link the server refuses explains what to do instead", async ({ page }) => {
    const answer = page.waitForResponse((res) => res.url().endsWith("/chat/email/unsubscribe"));
    await page.goto("/unsubscribe?token=bm9ib2R5.bm90LWEtbWFj");
    expect((await answer).status()).toBe(400);
    await expect(page.getByRole("heading", { name: EXPIRED })).toBeVisible();
    await expect(page.getByText(/turn email digests off in your notification settings/)).toBeVisible();
    await expectNoSeriousA11yIssues(page);
  });

  test("a server that cannot be reached gets a retry, which then answers", async ({ page }) => {
    let refused = 0;
    await page.route("**/chat/email/unsubscribe", (route) => {
      if (refused++ === 0) return route.abort("connectionrefused");
      return route.continue();
    });
    await page.goto("/unsubscribe?token=bm9ib2R5.bm90LWEtbWFj");
    await expect(page.getByRole("heading", { name: "You could not be unsubscribed" })).toBeVisible();
    await expect(page.getByRole("alert")).toHaveText(/could not be reached/);
    await expectNoSeriousA11yIssues(page);

    const answer = page.waitForResponse((res) => res.url().endsWith("/chat/email/unsubscribe"));
    await page.getByRole("button", { name: "Try again" }).click();
    expect((await answer).status()).toBe(400);
    await expect(page.getByRole("heading", { name: EXPIRED })).toBeVisible();
  });
});
