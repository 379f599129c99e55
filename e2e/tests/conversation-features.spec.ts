import { deflateSync } from "node:zlib";
import { expect, type Page, test } from "@playwright/test";
import {
  type ChatUser,
  channelRow,
  chat,
  composer,
  createChannel,
  createUser,
  messageWith,
  send,
  sendMessage,
  signedIn,
} from "./chat-support";

/** A valid RGB PNG of `width` × `height` (a blue-to-green gradient), made here so no file is needed. */
function png(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows: number[] = [];
  for (let y = 0; y < height; y += 1) {
    rows.push(0);
    for (let x = 0; x < width; x += 1)
      rows.push(26, Math.round((x / width) * 200), 232 - Math.round((y / height) * 100));
  }
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.from(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

async function hoverAction(page: Page, text: string, action: string): Promise<void> {
  const message = messageWith(page, text).first();
  await message.hover();
  await message.getByRole("button", { name: action }).click();
}

async function pair(request: Parameters<typeof createUser>[0]) {
  const ana = await createUser(request, "Ana");
  const bo = await createUser(request, "Bo");
  const cid = await createChannel(request, ana, [bo], "Conversation");
  return { ana, bo, cid };
}

test.describe("conversation features between two users", () => {
  test("a thread reply raises the reply count live on the other side", async ({ browser, request }) => {
    const { ana, bo, cid } = await pair(request);
    await sendMessage(request, ana, cid, "Who reviews the spec?");
    const a = await signedIn(browser, ana, `/c/${cid}`);
    const b = await signedIn(browser, bo, `/c/${cid}`);

    await hoverAction(b.page, "Who reviews the spec?", "Reply in thread");
    await expect(b.page).toHaveURL(/\?thread=/);
    const pane = b.page.getByTestId("thread-pane");
    await expect(pane).toContainText("Who reviews the spec?");
    await expect(composer(b.page, "thread")).toBeFocused();
    await send(b.page, "I will", "thread");
    await expect(pane.getByTestId("thread-replies")).toContainText("I will");

    const summary = messageWith(a.page, "Who reviews the spec?").getByTestId("thread-summary");
    await expect(summary).toContainText("1 reply");
    await expect(summary.getByTestId("thread-unread")).toHaveText("1 new");
    await send(b.page, "Tomorrow morning", "thread");
    await expect(summary).toContainText("2 replies");
    // The reply stayed out of the channel's list.
    await expect(messageWith(a.page, "Tomorrow morning")).toHaveCount(0);

    // A opens the thread by its URL: both replies, and the unread mark clears.
    const url = b.page.url();
    await a.page.goto(new URL(url).pathname + new URL(url).search);
    await expect(a.page.getByTestId("thread-replies")).toContainText("I will");
    await expect(a.page.getByTestId("thread-replies")).toContainText("Tomorrow morning");
    await expect(summary.getByTestId("thread-unread")).toHaveCount(0);

    await a.context.close();
    await b.context.close();
  });

  test("typing in a thread shows in that thread only; a reply can go to the channel too; Esc closes it", async ({
    browser,
    request,
  }) => {
    const { ana, bo, cid } = await pair(request);
    await sendMessage(request, ana, cid, "Lunch plans?");
    const a = await signedIn(browser, ana, `/c/${cid}`);
    const b = await signedIn(browser, bo, `/c/${cid}`);
    await hoverAction(b.page, "Lunch plans?", "Reply in thread");
    await expect(b.page).toHaveURL(/\?thread=/);
    await hoverAction(a.page, "Lunch plans?", "Reply in thread");
    await expect(a.page.getByTestId("thread-pane")).toContainText("Lunch plans?");

    // B types in the thread: A's thread pane says so, A's channel does not.
    await composer(b.page, "thread").pressSequentially("typing here", { delay: 20 });
    await expect(a.page.getByTestId("thread-pane").getByTestId("typing-indicator")).toContainText(
      `${bo.name} is typing`,
    );
    await expect(a.page.locator(".channel-view").getByTestId("typing-indicator")).toHaveText("");
    await composer(b.page, "thread").fill("");

    // "Also send to channel" puts a reply in the channel too.
    await a.page.getByLabel("Also send to channel").check();
    await send(a.page, "Pizza, noted", "thread");
    await expect(messageWith(b.page, "Pizza, noted")).toBeVisible();
    // Esc in the thread closes it
    await composer(a.page, "thread").press("Escape");
    await expect(a.page.getByTestId("thread-pane")).toHaveCount(0);
    await expect(a.page).not.toHaveURL(/thread=/);
    await a.context.close();
    await b.context.close();
  });

  test("a reaction shows as a chip on the other side, live; clicking a chip toggles it", async ({
    browser,
    request,
  }) => {
    const { ana, bo, cid } = await pair(request);
    await sendMessage(request, bo, cid, "Shipped!");
    const a = await signedIn(browser, ana, `/c/${cid}`);
    const b = await signedIn(browser, bo, `/c/${cid}`);

    await hoverAction(a.page, "Shipped!", "React with 👍");
    const chipA = messageWith(a.page, "Shipped!").getByTestId("reaction-chip");
    await expect(chipA.locator(".reaction__count")).toHaveText("1");
    await expect(chipA).toHaveAttribute("aria-pressed", "true");
    const chipB = messageWith(b.page, "Shipped!").getByTestId("reaction-chip");
    await expect(chipB.locator(".reaction__count")).toHaveText("1");
    await expect(chipB).toHaveAttribute("aria-pressed", "false");
    await expect(chipB).toHaveAttribute("title", `${ana.name} reacted with 👍`);

    await chipB.click();
    await expect(chipA.locator(".reaction__count")).toHaveText("2");
    await expect(chipB).toHaveAttribute("aria-pressed", "true");
    await chipA.click();
    await expect(chipB.locator(".reaction__count")).toHaveText("1");
    await expect(chipA).toHaveAttribute("aria-pressed", "false");
    await a.context.close();
    await b.context.close();
  });

  test("editing twice keeps both earlier versions in the edit history", async ({ browser, request }) => {
    const { ana, cid } = await pair(request);
    const a = await signedIn(browser, ana, `/c/${cid}`);
    await send(a.page, "version one");
    for (const next of ["version two", "version three"]) {
      await composer(a.page).press("ArrowUp");
      const edit = a.page.getByRole("textbox", { name: "Edit message" });
      await edit.fill(next);
      await edit.press("Enter");
      await expect(edit).toHaveCount(0);
      await expect(messageWith(a.page, next)).toBeVisible();
      await expect(composer(a.page)).toBeFocused();
    }
    await messageWith(a.page, "version three").getByRole("button", { name: "(edited)" }).click();
    const history = a.page.getByRole("dialog", { name: "Edit history" }).getByTestId("edit-history");
    await expect(history.getByRole("listitem")).toHaveCount(3);
    await expect(history.getByRole("listitem").nth(0)).toContainText("version three");
    await expect(history.getByRole("listitem").nth(1)).toContainText("version two");
    await expect(history.getByRole("listitem").nth(2)).toContainText("version one");
    await a.page.keyboard.press("Escape");
    await expect(a.page.getByRole("dialog")).toHaveCount(0);
    await a.context.close();
  });

  test("mentioning B with the @ autocomplete gives B a mention badge", async ({ browser, request }) => {
    const { ana, bo, cid } = await pair(request);
    const a = await signedIn(browser, ana, `/c/${cid}`);
    const b = await signedIn(browser, bo, "/chats");

    const input = composer(a.page);
    await input.pressSequentially(`Ping @${bo.id.slice(0, 3)}`);
    const option = a.page.getByRole("option", { name: new RegExp(bo.name) });
    await expect(option).toBeVisible();
    await input.press("Enter");
    await expect(input).toHaveValue(`Ping @${bo.id} `);
    await input.pressSequentially("please look");
    await input.press("Enter");
    await expect(messageWith(a.page, "please look").locator(".mention")).toHaveText(`@${bo.name}`);

    const row = channelRow(b.page, cid);
    await expect(row.getByTestId("mention-badge")).toBeVisible();
    await row.click();
    await expect(messageWith(b.page, "please look")).toHaveClass(/message--mention/);
    await expect(row.getByTestId("mention-badge")).toHaveCount(0);
    await a.context.close();
    await b.context.close();
  });

  test("a mention chosen mid-sentence leaves the caret after it, and keys typed at once land there", async ({
    browser,
    request,
  }) => {
    const { ana, bo, cid } = await pair(request);
    const a = await signedIn(browser, ana, `/c/${cid}`);
    const input = composer(a.page);
    await input.pressSequentially("thanks for it");
    for (let i = 0; i < " for it".length; i += 1) await input.press("ArrowLeft");
    await input.pressSequentially(` @${bo.id.slice(0, 3)}`);
    await expect(a.page.getByRole("option", { name: new RegExp(bo.name) })).toBeVisible();
    await input.press("Enter");
    await input.pressSequentially("so much ");
    await expect(input).toHaveValue(`thanks @${bo.id} so much for it`);
    await a.context.close();
  });

  test("an uploaded image shows as a thumbnail for B; the file needs a signed-in reader", async ({
    browser,
    request,
  }) => {
    const { ana, bo, cid } = await pair(request);
    const a = await signedIn(browser, ana, `/c/${cid}`);
    const b = await signedIn(browser, bo, `/c/${cid}`);

    await a.page
      .getByTestId("file-input")
      .setInputFiles({ name: "chart.png", mimeType: "image/png", buffer: png(160, 90) });
    await expect(a.page.getByTestId("upload")).toContainText("chart.png");
    await composer(a.page).fill("the chart");
    // A looks at another channel and comes back: the attached file and the draft are still there.
    const other = await createChannel(request, bo, [ana], "Elsewhere");
    await channelRow(a.page, other).click();
    await expect(a.page).toHaveURL(new RegExp(`/c/${other}$`));
    await expect(a.page.getByTestId("upload")).toHaveCount(0);
    await channelRow(a.page, cid).click();
    await expect(a.page.getByTestId("upload")).toContainText("chart.png");
    await expect(composer(a.page)).toHaveValue("the chart");
    await expect(a.page.getByRole("button", { name: "Send" })).toBeEnabled();
    await send(a.page, "the chart");

    const thumb = messageWith(b.page, "the chart").getByTestId("attachment-image");
    await expect(thumb).toBeVisible();
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(160);
    expect(await thumb.getAttribute("src")).toMatch(/^blob:/);
    // The box is reserved from the known size (160 × 90): no layout shift when the image arrives.
    const box = await messageWith(b.page, "the chart").locator(".attachment-image").boundingBox();
    expect([box?.width, box?.height]).toEqual([160, 90]);

    // The full-size viewer.
    await messageWith(b.page, "the chart").getByRole("button", { name: "Open image chart.png" }).click();
    await expect(b.page.getByRole("dialog", { name: "chart.png" })).toBeVisible();
    await b.page.keyboard.press("Escape");

    // Signed out (no bearer token), the file URL answers 401 or 403.
    const [type, id] = cid.split(":");
    const { messages } = await chat<{ messages: { text: string; attachments: { url: string }[] }[] }>(
      request,
      bo as ChatUser,
      "GET",
      `/channels/${type}/${id}/messages`,
    );
    const url = messages.find((m) => m.text === "the chart")?.attachments[0]?.url;
    expect(url).toBeTruthy();
    const config = (await (await request.get("/api/config")).json()) as { apiKey: string };
    const anonymous = await request.get(`${url}?api_key=${config.apiKey}`);
    expect([401, 403]).toContain(anonymous.status());
    await a.context.close();
    await b.context.close();
  });
});
