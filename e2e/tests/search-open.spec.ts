import { expect, test } from "@playwright/test";
import { newAccount } from "../support/accounts";
import { expectNoSeriousA11yIssues } from "../support/axe";
import { createChannel, openAs, sendMessage, signUp } from "../support/chat-api";

type Page = import("@playwright/test").Page;

/** The search view's field (apps/web/src/search/search-view.tsx). */
const searchField = (page: Page) =>
  page.getByRole("searchbox", { name: "Search messages, channels and people" });

/** Opens the search view from the box at the top of the channel list. */
async function openSearch(page: Page) {
  await page.getByRole("button", { name: "Search messages, channels and people" }).click();
  await expect(searchField(page)).toBeFocused();
}

test("search a word, open the message in its channel, highlighted", async ({ browser }) => {
  const a = await openAs(browser, "Seeker");
  const b = await signUp(a.page.request, newAccount("Writer"));
  const cid = await createChannel(a.page.request, a.session, "Zoo news", [b]);
  const word = `zebra${Math.random().toString(36).slice(2, 8)}`;
  const target = await sendMessage(a.page.request, b, cid, `The ${word} crossed the road at noon`);
  // Enough newer messages that the target is not in the channel's latest page.
  for (let i = 0; i < 110; i++) await sendMessage(a.page.request, b, cid, `filler message ${i}`);

  await a.page.goto("/chats");
  await openSearch(a.page);
  await searchField(a.page).fill(word);
  await expect(a.page.getByRole("tab", { name: "1 message" })).toHaveAttribute("aria-selected", "true");
  const result = a.page.getByTestId("search-result-messages");
  await expect(result).toHaveCount(1);
  await expect(result.locator("mark")).toHaveText(word);
  await expect(result).toContainText("#Zoo news");
  await expectNoSeriousA11yIssues(a.page, ".search-view");
  await result.click();

  await expect(a.page).toHaveURL(new RegExp(`/c/${cid}\\?message=${target}$`));
  const message = a.page.locator(`[data-message-id="${target}"]`);
  await expect(message).toBeVisible();
  await expect(message).toContainText(`The ${word} crossed the road`);
  await expect(message).toHaveClass(/message--highlighted/);
});

test("a message far back opens with its neighbours; newer ones load on scrolling down, older ones up", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const a = await openAs(browser, "Seeker");
  const b = await signUp(a.page.request, newAccount("Writer"));
  const cid = await createChannel(a.page.request, a.session, "Deep history", [b]);
  const send = (text: string) => sendMessage(a.page.request, b, cid, text);
  for (let i = 0; i < 20; i++) await send(`before ${i}`);
  const word = `okapi${Math.random().toString(36).slice(2, 8)}`;
  const target = await send(`The ${word} hid in the forest`);
  // far more newer messages than a few pages back
  for (let i = 0; i < 500; i += 25) {
    await Promise.all(Array.from({ length: 25 }, (_, j) => send(`after ${String(i + j).padStart(3, "0")}`)));
  }

  await a.page.goto("/chats");
  await openSearch(a.page);
  await searchField(a.page).fill(word);
  await a.page.getByTestId("search-result-messages").click();
  const message = a.page.locator(`[data-message-id="${target}"]`);
  await expect(message).toBeVisible();
  await expect(message).toHaveClass(/message--highlighted/);
  const view = a.page.locator(".channel-view");
  await expect(view.getByText("before 19", { exact: true })).toBeAttached();

  // Older ones are there on scrolling up, down to the channel's start.
  const scroller = a.page.locator(".message-list__scroller");
  const start = view.getByText("This is the start of the conversation.");
  for (let i = 0; i < 50 && !(await start.isVisible()); i++) {
    await scroller.evaluate((el) => el.scrollBy({ top: -el.clientHeight }));
    await a.page.waitForTimeout(50);
  }
  await expect(view.getByText("before 0", { exact: true })).toBeVisible();

  // Scrolling down fills the gap page by page, up to the newest message. The list re-centres the
  // message it opened at for up to ~2.4 s (use-jump-to-message.ts); a re-centring that lands after
  // the bottom was reached is scrolled past again.
  const newest = view.getByText("after 499", { exact: true });
  await expect(async () => {
    for (let i = 0; i < 300 && !(await newest.isVisible()); i++) {
      await scroller.evaluate((el) => el.scrollBy({ top: el.clientHeight }));
      await a.page.waitForTimeout(50);
    }
    await expect(newest).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
  await expect(view.getByTestId("history-gap")).toHaveCount(0);
});

test("scrolling away from a message opened from search is not undone by its re-centring", async ({
  browser,
}) => {
  const a = await openAs(browser, "Scroller");
  const b = await signUp(a.page.request, newAccount("Writer"));
  const cid = await createChannel(a.page.request, a.session, "Scroll away", [b]);
  for (let i = 0; i < 20; i++) await sendMessage(a.page.request, b, cid, `before ${i}`);
  const target = await sendMessage(a.page.request, b, cid, "the message searched for");
  for (let i = 0; i < 60; i += 20) {
    await Promise.all(
      Array.from({ length: 20 }, (_, j) => sendMessage(a.page.request, b, cid, `after ${i + j}`)),
    );
  }

  await a.page.goto(`/c/${cid}?message=${target}`);
  // Once the list has centred the message, the user scrolls to the bottom with the wheel in the
  // same frame; the list re-centres it twice more while it settles, unless the user scrolled.
  await a.page.waitForFunction(
    (id) => {
      const message = document.querySelector(`[data-message-id="${id}"]`);
      const scroller = document.querySelector(".message-list__scroller");
      if (!message || !scroller) return false;
      const m = message.getBoundingClientRect();
      const v = scroller.getBoundingClientRect();
      if (Math.abs(m.top + m.height / 2 - (v.top + v.height / 2)) > 40) return false;
      // A wheel scroll to the bottom, kept up for a few frames as a hand on the wheel does: rows
      // rendered there are measured and grow the list, which one jump would leave short of the end.
      // The frames end well before the list's next re-centring (200 ms) would pull it back.
      let frames = 0;
      const scrollDown = () => {
        scroller.dispatchEvent(new WheelEvent("wheel", { bubbles: true, deltaY: scroller.scrollHeight }));
        scroller.scrollTop = scroller.scrollHeight;
        if (++frames < 6) requestAnimationFrame(scrollDown);
      };
      scrollDown();
      return true;
    },
    target,
    { polling: "raf" },
  );
  const view = a.page.locator(".channel-view");
  await expect(view.getByText("after 59", { exact: true })).toBeVisible();
  await a.page.waitForTimeout(1_000);
  await expect(view.getByText("after 59", { exact: true })).toBeInViewport();
  await expect(a.page.locator(`[data-message-id="${target}"]`)).not.toBeInViewport();
});

test("keyboard: Ctrl+K, type, arrows and Enter; Esc closes the search", async ({ browser }) => {
  const a = await openAs(browser, "Keys");
  const b = await signUp(a.page.request, newAccount("Target"));
  const cid = await createChannel(a.page.request, a.session, "Keyboard room", [b]);
  const word = `kiwi${Math.random().toString(36).slice(2, 8)}`;
  await sendMessage(a.page.request, b, cid, `first ${word}`);
  const second = await sendMessage(a.page.request, b, cid, `second ${word}`);

  await a.page.goto("/chats");
  await a.page.getByRole("heading", { name: /Welcome/ }).click();
  await a.page.keyboard.press("Control+k");
  await expect(searchField(a.page)).toBeFocused();
  await a.page.keyboard.type(word);
  await expect(a.page.getByTestId("search-result-messages")).toHaveCount(2);
  await searchField(a.page).press("Escape");
  await expect(a.page).toHaveURL(/\/chats$/);
  await expect(searchField(a.page)).toHaveCount(0);

  await a.page.keyboard.press("Control+k");
  await expect(searchField(a.page)).toBeFocused();
  await expect(searchField(a.page)).toHaveValue("");
  await a.page.keyboard.type(word);
  await expect(a.page.getByTestId("search-result-messages")).toHaveCount(2);
  // Newest first: ↓ goes to the second message sent.
  await searchField(a.page).press("ArrowDown");
  await expect(a.page.getByTestId("search-result-messages").first()).toBeFocused();
  await a.page.keyboard.press("Enter");
  await expect(a.page).toHaveURL(new RegExp(`\\?message=${second}$`));
});

test("search a user and open a direct conversation with them", async ({ browser }) => {
  const a = await openAs(browser, "Finder");
  const b = await signUp(a.page.request, newAccount("Quinn"));
  await a.page.goto("/chats");
  await openSearch(a.page);
  await searchField(a.page).fill(b.account.displayName);
  await expect(a.page.getByRole("tab", { name: /^\d+\+? (person|people)$/ })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  const row = a.page.getByTestId("search-result-users").filter({ hasText: `@${b.userId}` });
  await expect(row).toHaveCount(1);
  await expect(row.locator("mark").first()).toBeVisible();
  await row.click();
  await expect(a.page).toHaveURL(/\/c\/messaging:[^?]+$/);
  await expect(a.page.getByRole("textbox", { name: `Message ${b.account.displayName}` })).toBeVisible();
  // The DM is in the channel list now.
  await expect(a.page.getByRole("complementary", { name: "Conversations" })).toContainText(
    b.account.displayName,
  );
});
