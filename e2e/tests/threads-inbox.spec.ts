import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yIssues } from "../support/axe";
import { createChannel, createUser, sendMessage, signedIn } from "./chat-support";

test.describe("threads inbox", () => {
  test("a reply to my message appears live with its unread count, the badge follows, opening it clears both", async ({
    browser,
    request,
  }) => {
    const ana = await createUser(request, "Ana");
    const bo = await createUser(request, "Bo");
    const cid = await createChannel(request, ana, [bo], "Roadmap");
    const parentId = await sendMessage(request, ana, cid, "Who owns the **roadmap**?");

    const a = await signedIn(browser, ana);
    const link = a.page.getByTestId("threads-link");
    await expect(link).toHaveAccessibleName("Threads");
    await link.click();
    await expect(a.page).toHaveURL(/\/threads$/);
    await expect(a.page.getByRole("heading", { name: "Threads", level: 1 })).toBeVisible();
    await expect(a.page.getByTestId("threads-empty")).toHaveText(
      "No threads yet — replies you write or get appear here",
    );
    await expectNoSeriousA11yIssues(a.page);

    // Bo replies twice: the thread appears at once, with its count and the sidebar's badge.
    await sendMessage(request, bo, cid, "I do", { parent_id: parentId });
    const row = a.page.getByTestId("thread-row");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Roadmap");
    await expect(row.locator("strong")).toHaveText("roadmap");
    await expect(row).toContainText("Bo");
    await expect(row.getByTestId("thread-row-unread")).toContainText("1");
    await expect(a.page.getByTestId("threads-badge")).toHaveText("1");
    await sendMessage(request, bo, cid, "Draft by Friday", { parent_id: parentId });
    await expect(row.getByTestId("thread-row-unread")).toContainText("2");
    await expect(a.page.getByTestId("threads-badge")).toHaveText("2");
    await expect(link).toHaveAccessibleName("Threads, 2 unread replies");
    await expect(row).toContainText("Draft by Friday");
    await expectNoSeriousA11yIssues(a.page);

    // A second thread, newer, comes first; the keyboard moves between rows.
    const second = await sendMessage(request, bo, cid, "Lunch?");
    await sendMessage(request, ana, cid, "Yes", { parent_id: second });
    await expect(row).toHaveCount(2);
    await expect(row.first()).toHaveAttribute("data-parent-id", second);
    await row.first().locator(".thread-row__link").focus();
    await a.page.keyboard.press("ArrowDown");
    await expect(row.nth(1).locator(".thread-row__link")).toBeFocused();

    // Enter opens the channel with the thread pane: the count and the badge clear.
    await a.page.keyboard.press("Enter");
    await expect(a.page).toHaveURL(new RegExp(`/c/${cid}\\?thread=${parentId}$`));
    const pane = a.page.getByTestId("thread-pane");
    await expect(pane).toContainText("Draft by Friday");
    await expect(a.page.getByTestId("threads-badge")).toHaveCount(0);
    await expect(link).toHaveAccessibleName("Threads");
    await link.click();
    await expect(row.nth(1).getByTestId("thread-row-unread")).toHaveCount(0);
    await a.context.close();
  });

  test("shows a skeleton while loading and works on a phone", async ({ browser, request }) => {
    const ana = await createUser(request, "Ana");
    const bo = await createUser(request, "Bo");
    const cid = await createChannel(request, ana, [bo], "Phone");
    const parentId = await sendMessage(request, bo, cid, "From the phone");
    await sendMessage(request, ana, cid, "Reply", { parent_id: parentId });
    const a = await signedIn(browser, ana, "/chats", { width: 390, height: 800 }, async (page) => {
      await page.route("**/chat/threads?**", async (route) => {
        await new Promise((r) => setTimeout(r, 400));
        await route.continue();
      });
    });
    await a.page.getByTestId("threads-link").click();
    await expect(a.page.getByLabel("Loading threads")).toBeVisible();
    const row = a.page.getByTestId("thread-row");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("From the phone");
    const box = await row.locator(".thread-row__link").boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    await expectNoSeriousA11yIssues(a.page);
    await a.context.close();
  });
});
