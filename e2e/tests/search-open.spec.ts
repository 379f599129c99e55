import { expect, test } from "@playwright/test";
import { newAccount } from "../support/accounts";
import { expectNoSeriousA11yIssues } from "../support/axe";
import { createChannel, openAs, sendMessage, signUp } from "../support/chat-api";

const searchField = (page: import("@playwright/test").Page) =>
  page.getByRole("combobox", { name: "Search people, channels and messages" });

test("search a word, open the message in its channel, highlighted", async ({ browser }) => {
  const a = await openAs(browser, "Seeker");
  const b = await signUp(a.page.request, newAccount("Writer"));
  const cid = await createChannel(a.page.request, a.session, "Zoo news", [b]);
  const word = `zebra${Math.random().toString(36).slice(2, 8)}`;
  const target = await sendMessage(a.page.request, b, cid, `The ${word} crossed the road at noon`);
  // Enough newer messages that the target is not in the channel's latest page.
  for (let i = 0; i < 110; i++) await sendMessage(a.page.request, b, cid, `filler message ${i}`);

  await a.page.goto("/chats");
  await searchField(a.page).fill(word);
  await a.page.getByRole("tab", { name: "Messages" }).click();
  const result = a.page.getByTestId("search-result-messages");
  await expect(result).toHaveCount(1);
  await expect(result.locator("mark")).toHaveText(word);
  await expect(result).toContainText("Zoo news");
  await expectNoSeriousA11yIssues(a.page, ".search-panel");
  await result.click();

  await expect(a.page).toHaveURL(new RegExp(`/c/${cid}\\?message=${target}$`));
  const message = a.page.locator(`[data-message-id="${target}"]`);
  await expect(message).toBeVisible();
  await expect(message).toContainText(`The ${word} crossed the road`);
  await expect(message).toHaveClass(/message--highlighted/);
});

test("keyboard: Ctrl+K, type, arrows and Enter; Esc clears", async ({ browser }) => {
  const a = await openAs(browser, "Keys");
  const b = await signUp(a.page.request, newAccount("Target"));
  const cid = await createChannel(a.page.request, a.session, "Keyboard room", [b]);
  const word = `kiwi${Math.random().toString(36).slice(2, 8)}`;
  await sendMessage(a.page.request, b, cid, `first ${word}`);
  const second = await sendMessage(a.page.request, b, cid, `second ${word}`);

  await a.page.goto("/chats");
  await expect(searchField(a.page)).toBeVisible();
  await a.page.getByRole("heading", { name: /Welcome/ }).click();
  await a.page.keyboard.press("Control+k");
  await expect(searchField(a.page)).toBeFocused();
  await a.page.keyboard.type(word);
  await a.page.getByRole("tab", { name: "Messages" }).click();
  await expect(a.page.getByTestId("search-result-messages")).toHaveCount(2);
  await searchField(a.page).press("Escape");
  await expect(searchField(a.page)).toHaveValue("");
  await expect(a.page.getByTestId("search-result-messages")).toHaveCount(0);

  await a.page.keyboard.type(word);
  await expect(a.page.getByTestId("search-result-messages")).toHaveCount(2);
  // Newest first: ↓ selects the second message sent.
  await searchField(a.page).press("ArrowDown");
  await expect(a.page.getByTestId("search-result-messages").first()).toHaveAttribute("aria-selected", "true");
  await searchField(a.page).press("Enter");
  await expect(a.page).toHaveURL(new RegExp(`\\?message=${second}$`));
});

test("search a user and open a direct conversation with them", async ({ browser }) => {
  const a = await openAs(browser, "Finder");
  const b = await signUp(a.page.request, newAccount("Quinn"));
  await a.page.goto("/chats");
  await searchField(a.page).fill(b.account.displayName);
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
