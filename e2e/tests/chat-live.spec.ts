import { expect, test } from "@playwright/test";
import { channelRow, composer, createUser, messageWith, pickUser, send, signedIn } from "./chat-support";

test.describe("chat between two users", () => {
  test("a new channel appears live, messages arrive live, the unread badge rises and clears", async ({
    browser,
    request,
  }) => {
    const ana = await createUser(request, "Ana");
    const bo = await createUser(request, "Bo");
    const a = await signedIn(browser, ana);
    const b = await signedIn(browser, bo);
    await expect(b.page.getByRole("heading", { name: "No chats yet" })).toBeVisible();

    // A creates a channel with B through the UI.
    await a.page.getByRole("button", { name: "New channel" }).first().click();
    await a.page.getByLabel("Name").fill("Launch plan");
    await pickUser(a.page, bo);
    await a.page.getByRole("button", { name: "Create channel" }).click();
    await expect(a.page).toHaveURL(/\/c\/messaging:launch-plan-/);
    const cid = decodeURIComponent(new URL(a.page.url()).pathname.slice(3));
    await expect(a.page.getByTestId("channel-name")).toHaveText("Launch plan");
    await expect(composer(a.page)).toBeFocused();

    // B sees it appear without a reload.
    const row = channelRow(b.page, cid);
    await expect(row).toBeVisible();
    await expect(row).toContainText("Launch plan");

    // A sends while B is elsewhere: B's badge rises, the preview follows.
    await send(a.page, "Hello from Ana");
    await expect(messageWith(a.page, "Hello from Ana")).toBeVisible();
    await expect(row.getByTestId("unread-badge")).toContainText("1");
    await expect(row).toContainText("Hello from Ana");
    await send(a.page, "Second one");
    await expect(row.getByTestId("unread-badge")).toContainText("2");
    await expect(b.page).toHaveTitle(/^\(2\) /);

    // B opens the channel: the messages are there and the badge clears.
    await row.click();
    await expect(messageWith(b.page, "Hello from Ana")).toBeVisible();
    await expect(messageWith(b.page, "Second one")).toBeVisible();
    await expect(row.getByTestId("unread-badge")).toHaveCount(0);
    await expect(b.page).not.toHaveTitle(/^\(\d+\) /);

    // And the next message arrives in the open channel without a reload.
    await send(a.page, "Live while open");
    await expect(messageWith(b.page, "Live while open")).toBeVisible();
    await expect(row.getByTestId("unread-badge")).toHaveCount(0);
    await a.context.close();
    await b.context.close();
  });

  test("the typing indicator shows while A types and goes when A stops", async ({ browser, request }) => {
    const ana = await createUser(request, "Ana");
    const bo = await createUser(request, "Bo");
    const a = await signedIn(browser, ana);
    const b = await signedIn(browser, bo);
    await a.page.getByRole("button", { name: "New message" }).first().click();
    await pickUser(a.page, bo);
    await a.page.getByRole("button", { name: "Open conversation" }).click();
    await expect(a.page).toHaveURL(/\/c\/messaging:/);
    const path = new URL(a.page.url()).pathname;
    await b.page.goto(path);
    await expect(b.page.getByTestId("channel-name")).toHaveText(ana.name);

    await composer(a.page).pressSequentially("I am typ", { delay: 40 });
    await expect(b.page.getByTestId("typing-indicator")).toHaveText(`${ana.name} is typing…`);
    // typing.stop goes 3 s after the last keystroke.
    await expect(b.page.getByTestId("typing-indicator")).toHaveText("", { timeout: 9_000 });
    await a.context.close();
    await b.context.close();
  });

  test("edits and deletions reach the other side", async ({ browser, request }) => {
    const ana = await createUser(request, "Ana");
    const bo = await createUser(request, "Bo");
    const a = await signedIn(browser, ana);
    await a.page.getByRole("button", { name: "New channel" }).first().click();
    await a.page.getByLabel("Name").fill("Edits");
    await pickUser(a.page, bo);
    await a.page.getByRole("button", { name: "Create channel" }).click();
    await expect(a.page).toHaveURL(/\/c\/messaging:edits-/);
    const b = await signedIn(browser, bo, new URL(a.page.url()).pathname);

    await send(a.page, "A typo here");
    await expect(messageWith(b.page, "A typo here")).toBeVisible();

    // ↑ in the empty composer edits the last own message.
    await composer(a.page).press("ArrowUp");
    const edit = a.page.getByRole("textbox", { name: "Edit message" });
    await expect(edit).toBeFocused();
    await edit.fill("No typo here");
    await edit.press("Enter");
    await expect(edit).toHaveCount(0);
    await expect(composer(a.page)).toBeFocused();
    await expect(messageWith(b.page, "No typo here")).toBeVisible();
    await expect(messageWith(b.page, "No typo here").getByRole("button", { name: "(edited)" })).toBeVisible();

    // Esc cancels an edit.
    await composer(a.page).press("ArrowUp");
    await a.page.getByRole("textbox", { name: "Edit message" }).press("Escape");
    await expect(a.page.getByRole("textbox", { name: "Edit message" })).toHaveCount(0);

    // Delete, with a confirm.
    const mine = messageWith(a.page, "No typo here");
    await mine.hover();
    await mine.getByRole("button", { name: "More actions" }).click();
    await a.page.getByRole("menuitem", { name: "Delete" }).click();
    await a.page
      .getByRole("dialog", { name: "Delete message?" })
      .getByRole("button", { name: "Delete" })
      .click();
    await expect(b.page.locator(".channel-view").getByText("message deleted")).toBeVisible();
    await expect(messageWith(b.page, "No typo here")).toHaveCount(0);
    await a.context.close();
    await b.context.close();
  });

  test("a direct message created twice opens the same channel", async ({ browser, request }) => {
    const ana = await createUser(request, "Ana");
    const bo = await createUser(request, "Bo");
    const a = await signedIn(browser, ana);
    const open = async () => {
      await a.page.getByRole("button", { name: "New message" }).first().click();
      await pickUser(a.page, bo);
      await a.page.getByRole("button", { name: "Open conversation" }).click();
      await expect(a.page).toHaveURL(/\/c\/messaging:/);
      await expect(a.page.getByTestId("channel-name")).toHaveText(bo.name);
      return new URL(a.page.url()).pathname;
    };
    const first = await open();
    await send(a.page, "first DM");
    await a.page.goto("/chats");
    const second = await open();
    expect(second).toBe(first);
    await expect(messageWith(a.page, "first DM")).toBeVisible();
    await expect(a.page.getByTestId("channel-row")).toHaveCount(1);
    await a.context.close();
  });

  test("after going offline, B gets all 20 messages A sent meanwhile, once each, in order", async ({
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    const ana = await createUser(request, "Ana");
    const bo = await createUser(request, "Bo");
    const a = await signedIn(browser, ana);
    await a.page.getByRole("button", { name: "New channel" }).first().click();
    await a.page.getByLabel("Name").fill("Offline");
    await pickUser(a.page, bo);
    await a.page.getByRole("button", { name: "Create channel" }).click();
    await expect(a.page).toHaveURL(/\/c\/messaging:offline-/);
    const b = await signedIn(browser, bo, new URL(a.page.url()).pathname);
    await send(a.page, "before");
    await expect(messageWith(b.page, "before")).toBeVisible();

    await b.context.setOffline(true);
    await b.page.evaluate(() => window.dispatchEvent(new Event("offline")));
    const texts = Array.from({ length: 20 }, (_, i) => `offline message ${String(i).padStart(2, "0")}`);
    for (const text of texts) await send(a.page, text);
    await expect(messageWith(a.page, texts[19]!)).toBeVisible();
    await b.context.setOffline(false);
    await b.page.evaluate(() => window.dispatchEvent(new Event("online")));

    await expect(messageWith(b.page, texts[19]!)).toBeVisible({ timeout: 20_000 });
    const seen = await b.page
      .locator(".channel-view [data-testid=message] .message__text")
      .evaluateAll((nodes) => nodes.map((n) => n.textContent?.trim() ?? ""));
    expect(seen.filter((t) => t.startsWith("offline message"))).toEqual(texts);
    await expect(b.page.getByTestId("connection-banner")).toHaveCount(0);
    await a.context.close();
    await b.context.close();
  });

  test("the connection banner shows while the socket is down; after the resume nothing is missing or doubled", async ({
    browser,
    request,
  }) => {
    const ana = await createUser(request, "Ana");
    const bo = await createUser(request, "Bo");
    const a = await signedIn(browser, ana);
    await a.page.getByRole("button", { name: "New message" }).first().click();
    await pickUser(a.page, bo);
    await a.page.getByRole("button", { name: "Open conversation" }).click();
    await expect(a.page).toHaveURL(/\/c\/messaging:/);
    await send(a.page, "before the drop");

    // B's WebSocket goes through a route the test controls: it can cut it and hold the reconnect.
    const sockets: { close: () => Promise<void> }[] = [];
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const b = await signedIn(browser, bo, new URL(a.page.url()).pathname, undefined, (page) =>
      page.routeWebSocket(/\/chat\/connect$/, async (ws) => {
        if (sockets.length > 0) await held;
        sockets.push(ws);
        ws.connectToServer();
      }),
    );
    await expect(messageWith(b.page, "before the drop")).toBeVisible();
    await expect(b.page.getByTestId("connection-banner")).toHaveCount(0);

    await sockets[0]!.close();
    await expect(b.page.getByTestId("connection-banner")).toHaveText("Reconnecting…");
    await send(a.page, "sent while B was away");
    release();
    await expect(b.page.getByTestId("connection-banner")).toHaveCount(0);
    await expect(messageWith(b.page, "sent while B was away")).toHaveCount(1);
    await expect(messageWith(b.page, "before the drop")).toHaveCount(1);
    await a.context.close();
    await b.context.close();
  });
});
