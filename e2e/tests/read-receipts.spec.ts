import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yIssues } from "../support/axe";
import {
  type ChatUser,
  chat,
  createChannel,
  createUser,
  messageWith,
  sendMessage,
  signedIn,
} from "./chat-support";

const pathOf = (cid: string) => `/c/${encodeURIComponent(cid)}`;
const markRead = (request: Parameters<typeof chat>[0], user: ChatUser, cid: string) =>
  chat(request, user, "POST", `/channels/${cid.replace(":", "/")}/read`, {});

/** Every `message.read` frame the page's sockets receive, as parsed JSON. */
function readFrames(page: Page): { user: { id: string } }[] {
  const seen: { user: { id: string } }[] = [];
  page.on("websocket", (ws) =>
    ws.on("framereceived", ({ payload }) => {
      const text = typeof payload === "string" ? payload : payload.toString();
      for (const line of text.split("\n")) {
        try {
          const frame = JSON.parse(line);
          if (frame?.type === "message.read") seen.push(frame);
        } catch {
          // Not JSON (a batch of frames is split above; anything else is not ours).
        }
      }
    }),
  );
  return seen;
}

test.describe("read receipts", () => {
  test("avatars sit at each member's read position and move live", async ({ browser, request }) => {
    const [ana, bo, cy] = [
      await createUser(request, "Ana"),
      await createUser(request, "Bo"),
      await createUser(request, "Cy"),
    ];
    const cid = await createChannel(request, ana, [bo, cy], "Receipts");
    await sendMessage(request, ana, cid, "First note");
    await sendMessage(request, ana, cid, "Second note");
    await markRead(request, bo, cid);
    const a = await signedIn(browser, ana, pathOf(cid));
    const second = messageWith(a.page, "Second note");
    await expect(second.getByTestId("seen-by")).toHaveAttribute("aria-label", `Seen by ${bo.name}`);

    // Cy reads while Ana looks: the avatars follow without a reload.
    await markRead(request, cy, cid);
    await expect(second.getByTestId("seen-by")).toHaveAttribute(
      "aria-label",
      `Seen by ${bo.name}, ${cy.name}`,
    );
    await expect(second.getByTestId("seen-by").locator(".avatar")).toHaveCount(2);
    await expectNoSeriousA11yIssues(a.page, ".channel-view");

    // A newer message moves Bo's receipt to it once he reads; Cy's stays where she read.
    await sendMessage(request, ana, cid, "Third note");
    const third = messageWith(a.page, "Third note");
    await expect(third).toBeVisible();
    await markRead(request, bo, cid);
    await expect(third.getByTestId("seen-by")).toHaveAttribute("aria-label", `Seen by ${bo.name}`);
    await expect(second.getByTestId("seen-by")).toHaveAttribute("aria-label", `Seen by ${cy.name}`);
    // Nobody sees their own receipt: Bo's page shows Cy's but never his own.
    const b = await signedIn(browser, bo, pathOf(cid));
    await expect(messageWith(b.page, "Second note").getByTestId("seen-by")).toHaveAttribute(
      "aria-label",
      `Seen by ${cy.name}`,
    );
    await expect(messageWith(b.page, "Third note").getByTestId("seen-by")).toHaveCount(0);
    await a.context.close();
    await b.context.close();
  });

  test("with receipts off in settings, nothing of the reader reaches the others", async ({
    browser,
    request,
  }) => {
    const [ana, bo, cy] = [
      await createUser(request, "Ana"),
      await createUser(request, "Bo"),
      await createUser(request, "Cy"),
    ];
    const b = await signedIn(browser, bo);
    await b.page.goto("/settings/account");
    const toggle = b.page.getByRole("checkbox", { name: "Share read receipts" });
    await expect(toggle).toBeChecked();
    await toggle.uncheck();
    await expect(b.page.getByTestId("privacy-section").getByRole("status")).toHaveText("Saved");
    await expectNoSeriousA11yIssues(b.page, "[data-testid=privacy-section]");
    await b.page.reload();
    await expect(b.page.getByRole("checkbox", { name: "Share read receipts" })).not.toBeChecked();

    const cid = await createChannel(request, ana, [bo, cy], "Quiet");
    await sendMessage(request, ana, cid, "Anyone there?");
    // Listening from before the page opens its socket: every frame Ana's page receives.
    let frames: { user: { id: string } }[] = [];
    const a = await signedIn(browser, ana, pathOf(cid), undefined, async (page) => {
      frames = readFrames(page);
    });
    const message = messageWith(a.page, "Anyone there?");
    await expect(message).toBeVisible();
    // Bo reads in his browser (the channel open marks it read), Cy over the API.
    await b.page.goto(pathOf(cid));
    await expect(messageWith(b.page, "Anyone there?")).toBeVisible();
    await markRead(request, cy, cid);
    await expect(message.getByTestId("seen-by")).toHaveAttribute("aria-label", `Seen by ${cy.name}`);
    // Cy's receipt arrived after Bo's read: had Bo's been sent, it would be here by now.
    const ids = frames.map((f) => f.user.id);
    expect(ids).toContain(cy.id);
    expect(ids).not.toContain(bo.id);
    // A fresh load of the channel holds no position of Bo either.
    await a.page.reload();
    await expect(messageWith(a.page, "Anyone there?").getByTestId("seen-by")).toHaveAttribute(
      "aria-label",
      `Seen by ${cy.name}`,
    );
    const state = await chat<{ read: { user_id: string }[] }>(
      request,
      ana,
      "POST",
      `/channels/${cid.replace(":", "/")}/query`,
      {},
    );
    expect(state.read.map((r) => r.user_id)).not.toContain(bo.id);
    await a.context.close();
    await b.context.close();
  });

  test("a large channel offers the list of who has read a message", async ({ browser, request }) => {
    const ana = await createUser(request, "Ana");
    const others: ChatUser[] = [];
    for (let i = 0; i < 21; i++) others.push(await createUser(request, `Member${i}`));
    const cid = await createChannel(request, ana, others, "Big room");
    await sendMessage(request, ana, cid, "Big news");
    await markRead(request, others[0]!, cid);
    await markRead(request, others[1]!, cid);
    const a = await signedIn(browser, ana, pathOf(cid));
    const message = messageWith(a.page, "Big news");
    const button = message.getByTestId("seen-by-button");
    await expect(button).toHaveText("Seen by 2");
    await expect(message.getByTestId("seen-by")).toHaveCount(0);
    await markRead(request, others[2]!, cid);
    await expect(button).toHaveText("Seen by 3");
    await button.click();
    const dialog = a.page.getByRole("dialog", { name: "Seen by 3 people" });
    await expect(dialog).toBeVisible();
    const list = dialog.getByTestId("seen-by-list");
    for (const reader of others.slice(0, 3)) await expect(list).toContainText(reader.name);
    await expect(list.getByRole("listitem")).toHaveCount(3);
    await expectNoSeriousA11yIssues(a.page, "dialog");
    await a.page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await a.context.close();
  });
});
