import { expect, test } from "@playwright/test";
import {
  channelRow,
  chat,
  composer,
  createUser,
  messageWith,
  send,
  sendMessage,
  signedIn,
  uniqueId,
} from "./chat-support";

test("a team channel is found under Browse channels, read before joining, then joined", async ({
  browser,
  request,
}) => {
  const ana = await createUser(request, "Ana");
  const bo = await createUser(request, "Bo");
  const id = uniqueId("open");
  const name = `Open ${id}`;
  await chat(request, ana, "POST", `/channels/team/${id}/query`, { data: { name, members: [ana.id] } });
  await sendMessage(request, ana, `team:${id}`, "Welcome, anyone can read this");
  const b = await signedIn(browser, bo);

  await b.page.getByRole("button", { name: "Browse channels" }).first().click();
  const dialog = b.page.getByRole("dialog", { name: "Browse channels" });
  await dialog.getByRole("searchbox", { name: "Find a channel" }).fill(id);
  await dialog.getByRole("link", { name: new RegExp(`#${name}`) }).click();

  await expect(b.page).toHaveURL(new RegExp(`/c/team:${id}$`));
  await expect(messageWith(b.page, "Welcome, anyone can read this")).toBeVisible();
  await expect(composer(b.page)).toHaveCount(0);
  await b.page.getByRole("button", { name: "Join channel" }).click();
  await expect(composer(b.page)).toBeVisible();
  await send(b.page, "Glad to be here");
  await expect(messageWith(b.page, "Glad to be here")).toBeVisible();
  await expect(channelRow(b.page, `team:${id}`)).toBeVisible();

  // once joined it is no longer offered
  await b.page.getByRole("button", { name: "Browse channels" }).first().click();
  await dialog.getByRole("searchbox", { name: "Find a channel" }).fill(id);
  await expect(dialog.getByText("No channel to join by that name.")).toBeVisible();
  await b.context.close();
});
