import { expect, test } from "@playwright/test";
import { channelRow, chat, chatCall, createUser, sendMessage } from "./chat-support";
import { fitting } from "./xss-corpus";
import { expectNothingRan, LIVE, watchedPage } from "./xss-support";

/**
 * User status texts, as the other member of a direct conversation sees them live: in the DM
 * header (as text), in the sidebar row and the message header (the text as the emoji's name).
 * Payloads with line breaks or control characters are refused by the server (400).
 */
test.setTimeout(5 * 60_000);

const HIDDEN = /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;

test("status texts: no payload runs", async ({ browser, request }) => {
  const ana = await createUser(request, "Ana");
  const viewer = await createUser(request, "Viewer");
  const { channel } = await chat<{ channel: { cid: string } }>(
    request,
    viewer,
    "POST",
    "/channels/messaging/query",
    {
      data: { members: [viewer.id, ana.id] },
    },
  );
  await sendMessage(request, ana, channel.cid, "status carrier");
  const { page, context, watch } = await watchedPage(browser, viewer, `/c/${channel.cid}`);
  const texts = fitting(100);
  expect(texts.length).toBeGreaterThanOrEqual(100);
  const header = page.getByTestId("channel-meta").locator(".user-status__text");
  const message = page.locator(".channel-view").getByTestId("message").filter({ hasText: "status carrier" });
  // `user.updated` reaches the conversation's watchers and is not replayed: wait until the page
  // watches it, which a message shown after the page opened proves.
  await sendMessage(request, ana, channel.cid, "watching now");
  await expect(
    page.locator(".channel-view").getByTestId("message").filter({ hasText: "watching now" }),
  ).toBeVisible();
  let shown = 0;
  for (const text of texts) {
    const res = await chatCall(request, ana, "PUT", "/me/status", { emoji: "🧪", text });
    if (HIDDEN.test(text)) {
      expect(res.status(), text).toBe(400);
      continue;
    }
    expect(res.status(), `${text}: ${await res.text()}`).toBe(200);
    shown++;
    await expect.poll(() => header.textContent(), LIVE).toBe(text.trim());
    await expect(message.locator(".user-status__emoji")).toHaveAttribute(
      "aria-label",
      `Status: 🧪 ${text.trim()}`,
    );
    await expect(channelRow(page, channel.cid).locator(".user-status__emoji")).toHaveAttribute(
      "title",
      text.trim(),
    );
  }
  expect(shown).toBeGreaterThanOrEqual(50);
  await expectNothingRan(page, watch);
  await context.close();
});
