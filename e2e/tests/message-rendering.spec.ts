/**
 * One rendering of a message wherever it is shown: the list (line breaks as typed), the pinned
 * dialog and the edit history (rendered, with the source on request), and reaction chips named
 * by what they show.
 */
import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yIssues } from "../support/axe";
import {
  chat,
  composer,
  createChannel,
  createUser,
  messageWith,
  sendMessage,
  signedIn,
} from "./chat-support";

test("a message typed with Shift+Enter keeps its line break, live on the other side", async ({
  browser,
  request,
}) => {
  const ana = await createUser(request, "Ana");
  const bo = await createUser(request, "Bo");
  const cid = await createChannel(request, ana, [bo], "Lines");
  const a = await signedIn(browser, ana, `/c/${cid}`);
  const b = await signedIn(browser, bo, `/c/${cid}`);
  const input = composer(a.page);
  await input.fill("Line one");
  await input.press("Shift+Enter");
  await input.pressSequentially("Line two");
  await input.press("Enter");
  await expect(input).toHaveValue("");
  for (const page of [a.page, b.page]) {
    const text = messageWith(page, "Line two").locator(".message__text p");
    await expect(text.locator("br")).toHaveCount(1);
    await expect(text).toHaveText("Line one\nLine two");
  }
  await a.context.close();
  await b.context.close();
});

test("the pinned dialog and the edit history render markdown as the list does", async ({
  browser,
  request,
}) => {
  const ana = await createUser(request, "Ana");
  const cid = await createChannel(request, ana, [], "Rendering");
  const id = await sendMessage(request, ana, cid, "Read **the plan** first");
  await chat(request, ana, "PUT", `/messages/${id}`, {
    message: { text: "Read **the plan**\nthen [the notes](https://example.com/n)" },
  });
  await chat(request, ana, "POST", `/messages/${id}/pin`);
  await chat(request, ana, "POST", `/messages/${id}/reaction`, { reaction: { type: "👍" } });
  const a = await signedIn(browser, ana, `/c/${cid}`);

  const chip = messageWith(a.page, "then the notes").getByTestId("reaction-chip");
  await expect(chip).toHaveAccessibleName("👍 1 reaction: You reacted with 👍. Remove your reaction");
  await expectNoSeriousA11yIssues(a.page, ".channel-view");

  await a.page.getByRole("button", { name: "Pinned messages" }).click();
  const pinned = a.page.getByRole("dialog", { name: "Pinned messages" });
  await expect(pinned.locator("strong", { hasText: "the plan" })).toBeVisible();
  await expect(pinned.getByRole("link", { name: "the notes" })).toHaveAttribute(
    "href",
    "https://example.com/n",
  );
  await expect(pinned).not.toContainText("**");
  await expectNoSeriousA11yIssues(a.page, "dialog[open]");
  await a.page.keyboard.press("Escape");

  await messageWith(a.page, "then the notes").getByRole("button", { name: "(edited)" }).click();
  const history = a.page.getByRole("dialog", { name: "Edit history" });
  const items = history.getByTestId("edit-history").getByRole("listitem");
  await expect(items).toHaveCount(2);
  await expect(items.nth(0).locator("strong", { hasText: "the plan" })).toBeVisible();
  await expect(items.nth(0).locator("br")).toHaveCount(1);
  await expect(items.nth(1)).toContainText("Read the plan first");
  await expect(history).not.toContainText("**");
  await history.getByRole("button", { name: "View source" }).click();
  await expect(items.nth(0).locator("pre")).toHaveText(
    "Read **the plan**\nthen [the notes](https://example.com/n)",
  );
  await expect(items.nth(1).locator("pre")).toHaveText("Read **the plan** first");
  await expectNoSeriousA11yIssues(a.page, "dialog[open]");
  await a.context.close();
});
