import type { AuthResponse } from "@parley/protocol";
import { expect, test } from "@playwright/test";
import { E2E_ADMIN, e2eBaseURL } from "../support/admin";
import { fitting } from "./xss-corpus";
import { expectNothingRan, inBatches, watchedPage } from "./xss-support";

/**
 * Display names in the admin console's user list: each payload of the corpus is shown as text.
 * (A session's User-Agent is never shown as sent: only the browser and system it names, from a
 * fixed list.)
 */
test.setTimeout(10 * 60_000);

const PASSWORD = "xss-accounts-password";

async function auth(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const res = await fetch(`${e2eBaseURL()}/api/auth`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  expect(res.status, text).toBeLessThan(300);
  return JSON.parse(text) as AuthResponse;
}

const asUser = (a: AuthResponse) => ({ auth: a, id: a.user.id, name: a.user.displayName });

test("display names in the admin console's user list: no payload runs", async ({ browser }) => {
  const prefix = `xa${Date.now().toString(36)}`;
  const names = fitting(64)
    .filter((p) => p.trim().length > 0)
    .slice(0, 50);
  expect(names.length).toBeGreaterThanOrEqual(40);
  await inBatches(
    names.map((displayName, i) => ({ displayName, username: `${prefix}${i}` })),
    5,
    (account) => auth({ action: "signup", ...account, password: PASSWORD }),
  );
  const admin = await auth({ action: "signin", username: E2E_ADMIN.username, password: E2E_ADMIN.password });
  const { page, watch, context } = await watchedPage(browser, asUser(admin), "/chats");
  await page.goto("/admin");
  await page.getByLabel("Find a user").fill(prefix);
  const rows = page.getByTestId("admin-user");
  await expect(rows).toHaveCount(names.length);
  for (let i = 0; i < names.length; i++) {
    const row = page.locator(`[data-testid="admin-user"][data-user-id="${prefix}${i}"]`);
    await expect(row.locator(".settings-device__name")).toContainText(names[i]!.trim());
  }
  await expectNothingRan(page, watch);
  await context.close();
});
