import { expect, test } from "@playwright/test";
import { composer, createChannel, createUser, messageWith, sendMessage, signedIn } from "./chat-support";

test("messages are reached by keyboard: arrows move between them and Tab enters the action bar", async ({
  browser,
  request,
}) => {
  const ana = await createUser(request, "Ana");
  const bo = await createUser(request, "Bo");
  const cid = await createChannel(request, ana, [bo], "Keys");
  for (const text of ["first note", "second note", "third note"]) await sendMessage(request, ana, cid, text);
  const b = await signedIn(browser, bo, `/c/${cid}`);
  await expect(messageWith(b.page, "third note")).toBeVisible();

  // Shift+Tab from the composer reaches the newest message: the only one in the tab order
  await composer(b.page).focus();
  const newest = messageWith(b.page, "third note");
  for (let i = 0; i < 12; i += 1) {
    if (await newest.evaluate((el) => el === document.activeElement)) break;
    await b.page.keyboard.press("Shift+Tab");
  }
  await expect(newest).toBeFocused();
  await b.page.keyboard.press("ArrowUp");
  const second = messageWith(b.page, "second note");
  await expect(second).toBeFocused();
  await expect(second.getByRole("toolbar", { name: "Message actions" })).toBeVisible();
  await b.page.keyboard.press("Tab");
  await expect(second.getByRole("button", { name: "React with 👍" })).toBeFocused();
  await b.page.keyboard.press("Enter");
  await expect(second.getByRole("button", { name: /👍/ }).filter({ hasText: "1" })).toBeVisible();
  await b.page.keyboard.press("Escape");
  await expect(second).toBeFocused();
  await b.page.keyboard.press("Home");
  await expect(b.page.getByTestId("message").first()).toBeFocused();
  await b.context.close();
});

test("a failed action says so and retries; a failed send can be retried or discarded", async ({
  browser,
  request,
}) => {
  const ana = await createUser(request, "Ana");
  const bo = await createUser(request, "Bo");
  const cid = await createChannel(request, ana, [bo], "Failures");
  await sendMessage(request, ana, cid, "pin me");
  const a = await signedIn(browser, ana, `/c/${cid}`);
  const page = a.page;

  // the pin request fails: a notice says why, and Retry (with the network back) pins it
  await page.route("**/chat/messages/*/pin?*", (route) => route.abort("connectionfailed"));
  const target = messageWith(page, "pin me");
  await target.hover();
  await target.getByRole("button", { name: "More actions" }).click();
  await page.getByRole("menuitem", { name: "Pin" }).click();
  const notice = page.getByTestId("notice");
  await expect(notice).toContainText("Couldn't pin the message");
  await page.unroute("**/chat/messages/*/pin?*");
  await notice.getByRole("button", { name: "Retry" }).click();
  await expect(target.locator(".message__pinned")).toHaveText("Pinned");

  // a send the service refuses: shown as not sent, with the reason; Discard removes it. Sends go
  // over the socket, so the socket's route answers them while `refusing` is set.
  let refusing = true;
  await page.routeWebSocket("**/chat/connect", (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((data) => {
      const frame = JSON.parse(String(data)) as { type: string; req_id?: string };
      if (!refusing || frame.type !== "send") return server.send(data);
      ws.send(
        JSON.stringify({
          type: "error",
          req_id: frame.req_id,
          code: "unavailable",
          message: "try again soon",
        }),
      );
    });
  });
  await page.reload();
  await expect(messageWith(page, "pin me")).toBeVisible();
  await composer(page).fill("this one fails");
  await composer(page).press("Enter");
  const failed = messageWith(page, "this one fails");
  await expect(failed.getByRole("alert")).toContainText("Not sent");
  await expect(failed.getByRole("alert")).toContainText("try again soon");
  await failed.getByRole("button", { name: "Discard" }).click();
  await expect(failed).toHaveCount(0);

  // and another one is retried once the service takes sends again
  await composer(page).fill("this one is retried");
  await composer(page).press("Enter");
  const retried = messageWith(page, "this one is retried");
  await expect(retried.getByRole("alert")).toContainText("Not sent");
  refusing = false;
  await retried.getByRole("button", { name: "Retry" }).click();
  await expect(retried.locator(".message__status")).toHaveCount(0);
  await page.reload();
  await expect(messageWith(page, "this one is retried")).toBeVisible();
  await expect(messageWith(page, "this one fails")).toHaveCount(0);
  await a.context.close();
});
