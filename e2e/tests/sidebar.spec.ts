import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yIssues } from "../support/axe";
import {
  type ChatUser,
  channelRow,
  chat,
  composer,
  createChannel,
  createUser,
  sendMessage,
  signedIn,
  uniqueId,
} from "./chat-support";

async function teamChannel(request: APIRequestContext, owner: ChatUser, name: string): Promise<string> {
  const id = uniqueId("team");
  await chat(request, owner, "POST", `/channels/team/${id}/query`, { data: { name, members: [owner.id] } });
  return `team:${id}`;
}

async function directChannel(request: APIRequestContext, a: ChatUser, b: ChatUser): Promise<string> {
  const { channel } = await chat<{ channel: { cid: string } }>(
    request,
    a,
    "POST",
    "/channels/messaging/query",
    {
      data: { members: [a.id, b.id] },
    },
  );
  return channel.cid;
}

const section = (page: Page, name: string) => page.getByRole("region", { name, exact: true });
/** A section's toggle: its title, then (collapsed) its unread count. */
const toggle = (page: Page, name: string) => section(page, name).locator(".sidebar-section__toggle");
/** The rows' channels, top to bottom. */
const order = (page: Page) =>
  page.getByTestId("channel-row").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-cid")));
const channelOfUrl = (page: Page) => decodeURIComponent(new URL(page.url()).pathname.slice(3));

async function rowMenu(page: Page, name: string) {
  await page.getByRole("button", { name: `Options for ${name}` }).click();
  return page.getByRole("menu", { name: `Options for ${name}` });
}

test("sections with their icons; a collapsed section keeps its unread rows and stays collapsed after a reload", async ({
  browser,
  request,
}) => {
  const ana = await createUser(request, "Ana");
  const bo = await createUser(request, "Bo");
  const team = await teamChannel(request, ana, "Town square");
  const secret = await createChannel(request, ana, [bo], "Secret plans");
  const dm = await directChannel(request, ana, bo);
  await sendMessage(request, ana, dm, "hi Bo");
  const a = await signedIn(browser, ana);
  const page = a.page;

  await expect(section(page, "Favourites")).toHaveCount(0);
  const channels = section(page, "Channels");
  const direct = section(page, "Direct messages");
  await expect(channelRow(page, team)).toHaveAttribute("data-kind", "team");
  await expect(channels.locator(`[data-cid="${team}"] .channel-row__kind[data-kind="team"]`)).toBeVisible();
  await expect(
    channels.locator(`[data-cid="${secret}"] .channel-row__kind[data-kind="private"]`),
  ).toBeVisible();
  await expect(direct.locator(`[data-cid="${dm}"][data-kind="direct"] .dm-avatar`)).toBeVisible();
  await expect(direct.getByTestId("channel-row")).toHaveCount(1);
  await expectNoSeriousA11yIssues(page, ".sidebar");

  // Collapsed: nothing read shows; a new message brings its row back with the section's count.
  await toggle(page, "Channels").click();
  await expect(toggle(page, "Channels")).toHaveAttribute("aria-expanded", "false");
  await expect(channels.getByTestId("channel-row")).toHaveCount(0);
  await sendMessage(request, bo, secret, "psst");
  await expect(channels.getByTestId("channel-row")).toHaveCount(1);
  await expect(channelRow(page, secret).getByTestId("unread-badge")).toContainText("1");
  await expect(channels.getByTestId("section-unread")).toContainText("1");

  await page.reload();
  await expect(toggle(page, "Channels")).toHaveAttribute("aria-expanded", "false");
  await expect(channels.getByTestId("channel-row")).toHaveCount(1);
  await expect(toggle(page, "Direct messages")).toHaveAttribute("aria-expanded", "true");
  await toggle(page, "Channels").click();
  await expect(channels.getByTestId("channel-row")).toHaveCount(2);
  await page.reload();
  await expect(toggle(page, "Channels")).toHaveAttribute("aria-expanded", "true");
  await a.context.close();
});

test("rows and section toggles are at least 44 px tall on a phone", async ({ browser, request }) => {
  const ana = await createUser(request, "Ana");
  const bo = await createUser(request, "Bo");
  await createChannel(request, ana, [bo], "Phone channel");
  await directChannel(request, ana, bo);
  const a = await signedIn(browser, ana, "/chats", { width: 390, height: 800 });
  await expect(a.page.getByTestId("channel-row")).toHaveCount(2);
  for (const el of [
    ...(await a.page.getByTestId("channel-row").all()),
    ...(await a.page.locator(".sidebar-section__toggle").all()),
    ...(await a.page.locator(".channel-row__menu button").all()),
  ]) {
    expect((await el.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
  }
  await expectNoSeriousA11yIssues(a.page, ".sidebar");
  await a.context.close();
});

test("a favourite moves to the top, follows to a second tab, and leaves from the channel menu", async ({
  browser,
  request,
}) => {
  const ana = await createUser(request, "Ana");
  const bo = await createUser(request, "Bo");
  const older = await createChannel(request, ana, [bo], "Older one");
  await sendMessage(request, ana, older, "first");
  const newer = await createChannel(request, ana, [bo], "Newer one");
  await sendMessage(request, ana, newer, "second");
  const a = await signedIn(browser, ana);
  const tab2 = await a.context.newPage();
  await tab2.goto("/chats");
  await expect(order(a.page)).resolves.toEqual([newer, older]);

  await (await rowMenu(a.page, "Older one")).getByRole("menuitem", { name: "Add to favourites" }).click();
  for (const page of [a.page, tab2]) {
    await expect(section(page, "Favourites").getByTestId("channel-row")).toHaveCount(1);
    await expect(section(page, "Favourites").locator(`[data-cid="${older}"]`)).toBeVisible();
    await expect.poll(() => order(page)).toEqual([older, newer]);
  }
  await tab2.reload();
  await expect(section(tab2, "Favourites").locator(`[data-cid="${older}"]`)).toBeVisible();

  // From the other tab's channel menu.
  await channelRow(tab2, older).click();
  await tab2.getByRole("button", { name: "Channel menu" }).click();
  await tab2.getByRole("menuitem", { name: "Remove from favourites" }).click();
  for (const page of [a.page, tab2]) {
    await expect(section(page, "Favourites")).toHaveCount(0);
    await expect.poll(() => order(page)).toEqual([newer, older]);
  }
  await a.context.close();
});

test("draft and muted markers", async ({ browser, request }) => {
  const ana = await createUser(request, "Ana");
  const bo = await createUser(request, "Bo");
  const drafty = await createChannel(request, ana, [bo], "Drafty");
  const quiet = await createChannel(request, ana, [bo], "Quiet");
  const a = await signedIn(browser, ana);
  const page = a.page;

  await channelRow(page, drafty).click();
  await composer(page).fill("half a thought");
  await channelRow(page, quiet).click();
  await expect(channelRow(page, drafty).getByTestId("draft-marker")).toBeVisible();
  await expect(channelRow(page, quiet).getByTestId("draft-marker")).toHaveCount(0);
  await page.reload();
  await expect(channelRow(page, drafty).getByTestId("draft-marker")).toBeVisible();
  // Sent: the draft is gone, and so is its marker.
  await channelRow(page, drafty).click();
  await expect(composer(page)).toHaveValue("half a thought");
  await composer(page).press("Enter");
  await expect(composer(page)).toHaveValue("");
  await channelRow(page, quiet).click();
  await expect(channelRow(page, drafty).getByTestId("draft-marker")).toHaveCount(0);

  await expect(channelRow(page, quiet).getByTestId("muted-marker")).toHaveCount(0);
  await (await rowMenu(page, "Quiet")).getByRole("menuitem", { name: "Mute until I unmute" }).click();
  await expect(channelRow(page, quiet).getByTestId("muted-marker")).toBeVisible();
  await expect(channelRow(page, quiet)).toHaveClass(/channel-row--muted/);
  await (await rowMenu(page, "Quiet")).getByRole("menuitem", { name: /^Unmute/ }).click();
  await expect(channelRow(page, quiet).getByTestId("muted-marker")).toHaveCount(0);
  await a.context.close();
});

test("unread first puts unread channels on top, and is kept across a reload", async ({
  browser,
  request,
}) => {
  const ana = await createUser(request, "Ana");
  const bo = await createUser(request, "Bo");
  const c1 = await createChannel(request, ana, [bo], "One");
  await sendMessage(request, bo, c1, "unread for Ana");
  const c2 = await createChannel(request, ana, [bo], "Two");
  await sendMessage(request, ana, c2, "mine");
  const c3 = await createChannel(request, ana, [bo], "Three");
  await sendMessage(request, ana, c3, "mine too");
  const a = await signedIn(browser, ana);
  const page = a.page;
  await expect.poll(() => order(page)).toEqual([c3, c2, c1]);
  const unreadFirst = page.getByRole("button", { name: "Unread first" });
  await expect(unreadFirst).toHaveAttribute("aria-pressed", "false");
  await unreadFirst.click();
  await expect(unreadFirst).toHaveAttribute("aria-pressed", "true");
  await expect.poll(() => order(page)).toEqual([c1, c3, c2]);
  await page.reload();
  await expect(page.getByRole("button", { name: "Unread first" })).toHaveAttribute("aria-pressed", "true");
  await expect.poll(() => order(page)).toEqual([c1, c3, c2]);
  // A new unread message moves its channel up live.
  await sendMessage(request, bo, c2, "now this one");
  await expect.poll(() => order(page)).toEqual([c2, c1, c3]);
  await page.getByRole("button", { name: "Unread first" }).click();
  await expect.poll(() => order(page)).toEqual([c2, c3, c1]);
  await a.context.close();
});

test("the empty state offers Browse channels when a team channel exists", async ({ browser, request }) => {
  const ana = await createUser(request, "Ana");
  const name = `Open ${uniqueId("room")}`;
  await teamChannel(request, ana, name);
  const cy = await createUser(request, "Cy");
  const c = await signedIn(browser, cy);
  const empty = c.page.getByRole("region", { name: "No chats yet" });
  await expect(empty).toBeVisible();
  await empty.getByRole("button", { name: "Browse channels" }).click();
  const dialog = c.page.getByRole("dialog", { name: "Browse channels" });
  await dialog.getByRole("searchbox", { name: "Find a channel" }).fill(name);
  await expect(dialog.getByRole("link", { name: new RegExp(`#${name}`) })).toBeVisible();
  await expectNoSeriousA11yIssues(c.page);
  await c.context.close();
});

test("Alt+↑/↓ moves through the sidebar, Alt+Shift+↑/↓ through unread channels, wrapping; not in a menu", async ({
  browser,
  request,
}) => {
  const ana = await createUser(request, "Ana");
  const bo = await createUser(request, "Bo");
  const dm = await directChannel(request, ana, bo);
  await sendMessage(request, bo, dm, "unread DM");
  const c1 = await createChannel(request, ana, [bo], "Kb one");
  await sendMessage(request, bo, c1, "unread one");
  const c2 = await createChannel(request, ana, [bo], "Kb two");
  await sendMessage(request, ana, c2, "read two");
  const c3 = await createChannel(request, ana, [bo], "Kb three");
  await sendMessage(request, ana, c3, "read three");
  const a = await signedIn(browser, ana);
  const page = a.page;
  // Sections: channels (newest first), then direct messages.
  await expect.poll(() => order(page)).toEqual([c3, c2, c1, dm]);

  await channelRow(page, c3).click();
  await expect(composer(page)).toBeVisible();
  const at = async (cid: string) => expect.poll(() => channelOfUrl(page)).toBe(cid);

  // Only unread: from c3, the next unread below is c1 (opened, it is read), then the DM.
  await page.keyboard.press("Alt+Shift+ArrowDown");
  await at(c1);
  await expect(channelRow(page, c1).getByTestId("unread-badge")).toHaveCount(0);
  await page.keyboard.press("Alt+Shift+ArrowDown");
  await at(dm);
  await expect(channelRow(page, dm).getByTestId("unread-badge")).toHaveCount(0);
  await page.keyboard.press("Alt+Shift+ArrowUp");
  await at(dm); // nothing else unread: it stays
  await sendMessage(request, bo, c2, "new in two");
  await expect.poll(() => order(page)).toEqual([c2, c3, c1, dm]);
  await page.keyboard.press("Alt+Shift+ArrowDown");
  await at(c2); // past the end, on from the top

  // Every channel, wrapping at both ends.
  await page.keyboard.press("Alt+ArrowUp");
  await at(dm);
  await page.keyboard.press("Alt+ArrowDown");
  await at(c2);
  await page.keyboard.press("Alt+ArrowDown");
  await at(c3);
  await page.keyboard.press("Alt+ArrowDown");
  await at(c1);
  await page.keyboard.press("Alt+ArrowUp");
  await at(c3);

  // From the composer too; with a menu open the keys are the menu's.
  await composer(page).fill("typing");
  await page.keyboard.press("Alt+ArrowDown");
  await at(c1);
  await page.getByRole("button", { name: "Channel menu" }).click();
  await expect(page.getByRole("menu", { name: "Channel menu" })).toBeVisible();
  await page.keyboard.press("Alt+ArrowDown");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menu", { name: "Channel menu" })).toHaveCount(0);
  expect(channelOfUrl(page)).toBe(c1);
  await a.context.close();
});
