import { expect, type Page, test } from "@playwright/test";
import { type ChatUser, chat, createChannel, createUser } from "./chat-support";
import { fitting } from "./xss-corpus";
import { expectNothingRan, inBatches, postInBatches, watchedPage } from "./xss-support";

/** Poll questions, options and free-text answers, rendered by the poll card. */
test.setTimeout(5 * 60_000);

const pathOf = (cid: string) => `/channels/${cid.replace(":", "/")}`;

/** Creates a poll as `user`, posts it in `cid`, answers the message id and the poll. */
async function postPoll(page: Page, user: ChatUser, cid: string, body: Record<string, unknown>) {
  const { poll } = await chat<{ poll: { id: string } }>(page.request, user, "POST", "/polls", body);
  const { message } = await chat<{ message: { id: string } }>(
    page.request,
    user,
    "POST",
    `${pathOf(cid)}/messages`,
    {
      message: { text: "", poll_id: poll.id },
    },
  );
  return { messageId: message.id, pollId: poll.id };
}

test("poll questions and options: no payload runs", async ({ browser, request }) => {
  const viewer = await createUser(request, "Viewer");
  const cid = await createChannel(request, viewer, [], "XSS polls");
  // Tall enough for ten poll cards at once.
  const { page, context, watch } = await watchedPage(browser, viewer, `/c/${cid}`, {
    width: 1280,
    height: 2400,
  });
  const questions = fitting(255);
  expect(questions.length).toBeGreaterThanOrEqual(180);
  await postInBatches(
    questions,
    10,
    async (name) =>
      (await postPoll(page, viewer, cid, { name, options: [{ text: "A" }, { text: "B" }] })).messageId,
    (messageId) =>
      expect(page.locator(`[data-message-id="${messageId}"]`).getByTestId("poll-card")).toBeAttached(),
  );
  // Options: every payload that fits, 100 to a poll (texts must differ, case aside).
  const seen = new Set<string>();
  const options = fitting(500).filter((t) => {
    const k = t.trim().toLowerCase();
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  for (let i = 0; i < options.length; i += 100) {
    const chunk = options.slice(i, i + 100);
    const { messageId } = await postPoll(page, viewer, cid, {
      name: `Options ${i}`,
      options: chunk.map((text) => ({ text })),
    });
    const card = page.locator(`[data-message-id="${messageId}"]`).getByTestId("poll-card");
    await expect(card.getByTestId("poll-option")).toHaveCount(chunk.length);
  }
  await expectNothingRan(page, watch);
  await context.close();
});

test("poll answers: no payload runs", async ({ browser, request }) => {
  const viewer = await createUser(request, "Viewer");
  const answers = fitting(1000);
  expect(answers.length).toBeGreaterThanOrEqual(200);
  // One answer per user per poll: 150 voters answer each poll, so the full list takes two pages
  // ("Show all" loads 100, "Show more comments" the rest).
  const voters = await inBatches(Array.from({ length: 150 }), 8, () => createUser(request, "Voter"));
  const cid = await createChannel(request, viewer, [], "XSS answers");
  await chat(request, viewer, "POST", `${pathOf(cid)}/members`, { add: voters.map((v) => v.id) });
  const { page, context, watch } = await watchedPage(browser, viewer, `/c/${cid}`);
  for (let i = 0; i < answers.length; i += voters.length) {
    const chunk = answers.slice(i, i + voters.length);
    const { messageId, pollId } = await postPoll(page, viewer, cid, {
      name: `Say anything ${i}`,
      allow_answers: true,
      options: [{ text: "A" }],
    });
    await inBatches(
      chunk.map((text, j) => [voters[j]!, text] as const),
      8,
      ([voter, answer_text]) =>
        chat(request, voter, "POST", `/messages/${messageId}/polls/${pollId}/vote`, {
          vote: { answer_text },
        }),
    );
    const card = page.locator(`[data-message-id="${messageId}"]`).getByTestId("poll-card");
    const label = chunk.length === 1 ? "1 comment" : `${chunk.length} comments`;
    await card.getByRole("button", { name: `View ${label}` }).click();
    if (chunk.length > 10)
      await card.getByRole("button", { name: `Show all ${chunk.length} comments` }).click();
    if (chunk.length > 100) await card.getByRole("button", { name: "Show more comments" }).click();
    await expect(card.getByRole("list", { name: "Comments" }).getByRole("listitem")).toHaveCount(
      chunk.length,
    );
  }
  await expectNothingRan(page, watch);
  await context.close();
});
