import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yIssues } from "../support/axe";
import { chat, createChannel, openAs, openChannel } from "../support/chat-api";

/** The poll card of the question, in the message list. */
const pollCard = (page: Page, question: string) =>
  page.getByTestId("poll-card").filter({ hasText: question });
const option = (page: Page, question: string, text: string) =>
  pollCard(page, question).getByRole("button", { name: new RegExp(`^${text}\\b`) });
const optionCount = (page: Page, question: string, text: string) =>
  pollCard(page, question)
    .getByTestId("poll-option")
    .filter({ hasText: text })
    .getByTestId("poll-option-count");

test("a poll lives in a channel: create, vote live, comment, end the vote", async ({ browser }) => {
  const a = await openAs(browser, "Ana");
  const b = await openAs(browser, "Bo");
  const cid = await createChannel(a.page.request, a.session, "Lunch club", [b.session]);
  await openChannel(a.page, cid);
  await openChannel(b.page, cid);

  // A creates the poll from the composer.
  const question = `Where do we eat ${Date.now() % 10000}?`;
  await a.page.getByRole("button", { name: "Create a poll" }).click();
  const dialog = a.page.getByRole("dialog", { name: "Create a poll" });
  await dialog.getByLabel("Question").fill(question);
  await dialog.getByRole("textbox", { name: "Option 1" }).fill("Pizza");
  await dialog.getByRole("textbox", { name: "Option 2" }).fill("Sushi");
  await dialog.getByRole("checkbox", { name: "Allow comments" }).check();
  await dialog.getByRole("button", { name: "Create poll" }).click();
  await expect(dialog).toBeHidden();
  await expect(pollCard(a.page, question)).toBeVisible();
  await expect(pollCard(b.page, question)).toBeVisible();

  // B votes; A sees the count move without reloading.
  await expect(optionCount(a.page, question, "Pizza")).toContainText("0");
  await option(b.page, question, "Pizza").click();
  await expect(option(b.page, question, "Pizza")).toHaveAttribute("aria-pressed", "true");
  await expect(optionCount(a.page, question, "Pizza")).toContainText("1");
  await expect(pollCard(a.page, question).getByTestId("poll-total")).toHaveText("1 vote");
  await expectNoSeriousA11yIssues(a.page, '[data-testid="poll-card"]');

  // B adds a free-text answer; A sees it.
  await pollCard(b.page, question).getByRole("button", { name: "Add a comment" }).click();
  await pollCard(b.page, question)
    .getByRole("textbox", { name: "Your comment" })
    .fill("Pizza with pineapple");
  await pollCard(b.page, question).getByRole("button", { name: "Send" }).click();
  await pollCard(a.page, question).getByRole("button", { name: "View 1 comment" }).click();
  await expect(pollCard(a.page, question).getByRole("list", { name: "Comments" })).toContainText(
    "Pizza with pineapple",
  );

  // A ends the vote; B's options are disabled and a vote through the API is refused.
  await pollCard(a.page, question).getByRole("button", { name: "End vote" }).click();
  await a.page
    .getByRole("dialog", { name: "End this vote?" })
    .getByRole("button", { name: "End vote" })
    .click();
  await expect(pollCard(a.page, question).getByText("Closed", { exact: true })).toBeVisible();
  await expect(pollCard(b.page, question).getByText("Closed", { exact: true })).toBeVisible();
  await expect(option(b.page, question, "Sushi")).toBeDisabled();
  await expect(option(b.page, question, "Pizza")).toBeDisabled();

  const [type, id] = cid.split(":");
  const history = await chat<{ messages: { id: string; poll_id: string | null }[] }>(
    b.page.request,
    b.session,
    "GET",
    `/channels/${type}/${id}/messages`,
  );
  const posted = history.body.messages.find((m) => m.poll_id);
  expect(posted).toBeDefined();
  const poll = await chat<{ poll: { options: { id: string; text: string }[] } }>(
    b.page.request,
    b.session,
    "GET",
    `/polls/${posted?.poll_id}`,
  );
  const sushi = poll.body.poll.options.find((o) => o.text === "Sushi");
  const refused = await chat<{ error: { message: string } }>(
    b.page.request,
    b.session,
    "POST",
    `/messages/${posted?.id}/polls/${posted?.poll_id}/vote`,
    { vote: { option_id: sushi?.id } },
  );
  expect(refused.status).toBe(400);
  expect(refused.body.error.message).toMatch(/closed/);
});

test("the create-poll form enforces its constraints", async ({ browser }) => {
  const a = await openAs(browser, "Cy");
  const cid = await createChannel(a.page.request, a.session, "Form checks", []);
  await openChannel(a.page, cid);
  await a.page.getByRole("button", { name: "Create a poll" }).click();
  const dialog = a.page.getByRole("dialog", { name: "Create a poll" });

  // Nothing filled in: the question and options are asked for, nothing is sent.
  await dialog.getByRole("button", { name: "Create poll" }).click();
  await expect(dialog.getByText("Ask a question")).toBeVisible();
  await expect(dialog.getByText("Add at least 2 options")).toBeVisible();
  await expectNoSeriousA11yIssues(a.page, "dialog");

  // One vote per person and a vote limit exclude each other.
  const unique = dialog.getByRole("checkbox", { name: "One vote per person" });
  const limit = dialog.getByRole("checkbox", { name: "Limit votes per person" });
  await limit.check();
  await expect(dialog.getByRole("spinbutton", { name: "Maximum votes per person" })).toBeEnabled();
  await unique.check();
  await expect(limit).not.toBeChecked();
  await expect(limit).toBeDisabled();
  await expect(dialog.getByRole("spinbutton", { name: "Maximum votes per person" })).toBeDisabled();

  // Duplicate options are refused; reorder and remove work.
  await dialog.getByLabel("Question").fill("Best day?");
  await dialog.getByRole("textbox", { name: "Option 1" }).fill("Monday");
  await dialog.getByRole("textbox", { name: "Option 2" }).fill("monday ");
  await expect(dialog.getByText("This option is already in the poll")).toBeVisible();
  await dialog.getByRole("textbox", { name: "Option 2" }).fill("Friday");
  await dialog.getByRole("button", { name: "Move option 2 up" }).click();
  await expect(dialog.getByRole("textbox", { name: "Option 1" })).toHaveValue("Friday");
  await dialog.getByRole("button", { name: "Add an option" }).click();
  await dialog.getByRole("button", { name: "Remove option 3" }).click();
  await dialog.getByRole("button", { name: "Create poll" }).click();
  await expect(dialog).toBeHidden();
  const card = a.page.getByTestId("poll-card").filter({ hasText: "Best day?" });
  await expect(card.getByTestId("poll-option").first()).toContainText("Friday");
  await expect(card).toContainText("Choose one");
});
