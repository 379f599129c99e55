import { expect, test } from "@playwright/test";
import { holdScripts } from "../support/hold-scripts";
import { createChannel, createUser, messageWith, sendMessage, signedIn } from "./chat-support";

test("the sidebar lists chats past its first screenful, and a chat opened from it shows all its messages", async ({
  browser,
  request,
}) => {
  const ana = await createUser(request, "Ana");
  const bo = await createUser(request, "Bo");
  // The oldest chat holds a conversation; 34 newer ones push it past the first 30 the list asks for.
  const history = await createChannel(request, ana, [bo], "Old conversation");
  const lines = ["first line", "second line", "third line", "fourth line", "fifth line"];
  for (const line of lines) await sendMessage(request, ana, history, line);
  for (let i = 0; i < 34; i += 1) {
    const cid = await createChannel(request, ana, [bo], `Newer ${i}`);
    await sendMessage(request, ana, cid, `hello ${i}`);
  }

  const b = await signedIn(browser, bo);
  const rows = b.page.getByTestId("channel-row");
  await expect(rows).toHaveCount(35);
  const row = rows.filter({ hasText: "Old conversation" });
  await expect(row).toContainText("fifth line");

  await row.click();
  for (const line of lines) await expect(messageWith(b.page, line)).toBeVisible();
  await b.context.close();
});

test("the sidebar's buttons stay put while the search box's code loads", async ({ browser, request }) => {
  const ana = await createUser(request, "Ana");
  let release: () => void = () => {};
  const { page, context } = await signedIn(browser, ana, "/chats", undefined, async (p) => {
    release = await holdScripts(p, "**/assets/search-box-*.js");
  });
  // A layout shift here once turned a click on "New channel" into a click on the search box.
  const newChannel = page.getByRole("button", { name: "New channel" }).first();
  const search = page.getByRole("button", { name: "Search messages, channels and people" });
  await expect(newChannel).toBeVisible();
  await expect(search).toHaveCount(0);
  const before = await newChannel.boundingBox();
  release();
  await expect(search).toBeVisible();
  expect(await newChannel.boundingBox()).toEqual(before);
  await context.close();
});
