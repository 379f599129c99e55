/**
 * System messages in real Chromium with two users: a rename and a topic set in the settings
 * dialog reach the other user live as compact centred lines (not unread, not grouped with the
 * messages around them), and one posted while the other's socket is down is replayed on resume.
 */
import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yIssues } from "../support/axe";
import {
  createChannel,
  createUser,
  messageWith,
  send,
  sendMessage,
  signedIn,
  unreadOf,
} from "./chat-support";

const systemLine = (page: Page, text: string) =>
  page.locator(".channel-view [data-testid=system-message]", { hasText: text });

test.describe("system messages", () => {
  test("a rename and a topic reach the other user live, compact and never unread", async ({
    browser,
    request,
  }) => {
    const ana = await createUser(request, "Ana");
    const bo = await createUser(request, "Bo");
    // A member who never opens the channel: what counts as unread for them is what the server counts.
    const cy = await createUser(request, "Cy");
    const cid = await createChannel(request, ana, [bo, cy], "General talk");
    const path = `/c/${cid}`;
    await sendMessage(request, bo, cid, "hello before the rename");
    const a = await signedIn(browser, ana, path);
    const b = await signedIn(browser, bo, path);
    await expect(messageWith(b.page, "hello before the rename")).toBeVisible();

    await a.page.getByRole("button", { name: "Channel menu" }).click();
    await a.page.getByRole("menuitem", { name: "Channel settings" }).click();
    const dialog = a.page.getByRole("dialog", { name: "Channel settings" });
    await dialog.getByLabel("Name").fill("Launch room");
    await dialog.getByLabel("Topic").fill("Ship it on Friday");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog).toHaveCount(0);

    // B sees both changes live: the header and two centred lines with their time.
    await expect(b.page.getByTestId("channel-name")).toHaveText("Launch room");
    await expect(b.page.getByTestId("channel-topic")).toHaveText("· Ship it on Friday");
    const renamed = systemLine(
      b.page,
      `${ana.name} renamed the channel from "General talk" to "Launch room"`,
    );
    await expect(renamed).toBeVisible();
    await expect(renamed.locator("time")).toHaveText(/\d{1,2}:\d{2}/);
    await expect(systemLine(b.page, `${ana.name} set the topic: Ship it on Friday`)).toBeVisible();
    await expect(renamed).toHaveCSS("text-align", "center");
    // The system lines never count as unread: Cy has Bo's one message unread, nothing more.
    expect(await unreadOf(request, cy, cid)).toBe(1);

    // Not grouped: Ana's next message starts a group of its own (name and avatar shown).
    await send(a.page, "first after the rename");
    const after = messageWith(b.page, "first after the rename");
    await expect(after).toBeVisible();
    await expect(after).toHaveClass(/message--start/);
    await expect(after.locator(".message__author")).toHaveText(ana.name);
    expect(await unreadOf(request, cy, cid)).toBe(2);
    await expectNoSeriousA11yIssues(b.page, ".channel-view");
    await a.context.close();
    await b.context.close();
  });

  test("a system message posted while the other user's socket is down is replayed on resume", async ({
    browser,
    request,
  }) => {
    const ana = await createUser(request, "Ana");
    const bo = await createUser(request, "Bo");
    const cid = await createChannel(request, ana, [bo], "Before");
    const [type, id] = cid.split(":") as [string, string];
    await sendMessage(request, ana, cid, "before the drop");

    // B's WebSocket goes through a route the test controls: it can cut it and hold the reconnect.
    const sockets: { close: () => Promise<void> }[] = [];
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const b = await signedIn(browser, bo, `/c/${cid}`, undefined, (page) =>
      page.routeWebSocket(/\/chat\/connect$/, async (ws) => {
        if (sockets.length > 0) await held;
        sockets.push(ws);
        ws.connectToServer();
      }),
    );
    await expect(messageWith(b.page, "before the drop")).toBeVisible();
    await sockets[0]!.close();
    await expect(b.page.getByTestId("connection-banner")).toHaveText("Reconnecting…");

    // PATCH is not among chat-support's methods: the update is sent as it is.
    const patched = await request.fetch(`/chat/channels/${type}/${id}?api_key=${await apiKey(request)}`, {
      method: "PATCH",
      headers: { Authorization: `Bearer ${ana.auth.streamToken}` },
      data: { set: { name: "While away", topic: "Replayed topic" } },
    });
    expect(patched.status()).toBe(200);
    release();
    await expect(b.page.getByTestId("connection-banner")).toHaveCount(0);
    await expect(
      systemLine(b.page, `${ana.name} renamed the channel from "Before" to "While away"`),
    ).toHaveCount(1);
    await expect(systemLine(b.page, `${ana.name} set the topic: Replayed topic`)).toHaveCount(1);
    await expect(b.page.getByTestId("channel-name")).toHaveText("While away");
    await expect(b.page.getByTestId("channel-topic")).toHaveText("· Replayed topic");
    await expect(messageWith(b.page, "before the drop")).toHaveCount(1);
    await b.context.close();
  });
});

async function apiKey(request: import("@playwright/test").APIRequestContext): Promise<string> {
  const res = await request.get("/api/config");
  return ((await res.json()) as { apiKey: string }).apiKey;
}
