import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yIssues } from "../support/axe";
import {
  type ChatUser,
  channelRow,
  composer,
  createChannel,
  createUser,
  messageWith,
  sendMessage,
  signedIn,
} from "./chat-support";
import { expectNothingRan, watchedPage } from "./xss-support";

/** The search view: /search?q=… in the chat's main area (apps/web/src/search/search-view.tsx). */
const field = (page: Page) => page.getByRole("searchbox", { name: "Search messages, channels and people" });
const searchBox = (page: Page) => page.getByRole("button", { name: "Search messages, channels and people" });
const tab = (page: Page, name: RegExp) => page.getByRole("tab", { name });
const results = (page: Page, kind = "messages") => page.getByTestId(`search-result-${kind}`);

const unique = (prefix: string) => `${prefix}${Math.random().toString(36).slice(2, 8)}`;

interface World {
  ana: ChatUser;
  bo: ChatUser;
  word: string;
  team: { cid: string; name: string };
  ops: { cid: string; name: string };
  bold: string;
}

/**
 * Ana and Bo share #team and #ops; Ana alone has #secret. One message with the word in each:
 * bold markdown and a mention of Bo in #team (Ana), a line break and a link in #ops (Bo, typed
 * in the composer), and one in #secret that Bo must never see.
 */
async function world(
  browser: import("@playwright/test").Browser,
  request: import("@playwright/test").APIRequestContext,
) {
  const ana = await createUser(request, "Ana");
  const bo = await createUser(request, "Bo");
  const word = unique("build");
  const team = { cid: "", name: unique("team") };
  const ops = { cid: "", name: unique("ops") };
  team.cid = await createChannel(request, ana, [bo], team.name);
  ops.cid = await createChannel(request, ana, [bo], ops.name);
  const secret = await createChannel(request, ana, [], unique("secret"));
  const bold = await sendMessage(request, ana, team.cid, `**${word}** is green on main, @${bo.id}`, {
    mentioned_users: [bo.id],
  });
  await sendMessage(request, ana, secret, `${word} secret plans`);
  const b = await signedIn(browser, bo, `/c/${ops.cid}`);
  const input = composer(b.page);
  await input.pressSequentially(`${word} notes`);
  await input.press("Shift+Enter");
  await input.pressSequentially("see https://example.com/notes");
  await input.press("Enter");
  await expect(input).toHaveValue("");
  await expect(messageWith(b.page, "example.com/notes").locator(".message__status")).toHaveCount(0);
  return { b, w: { ana, bo, word, team, ops, bold } satisfies World };
}

test("opens on Messages with counts, markdown, the match marked; filters narrow; Bo never sees #secret", async ({
  browser,
  request,
}) => {
  const { b, w } = await world(browser, request);
  const { page } = b;
  // The ops message was typed with Shift+Enter: one message, two lines.
  await expect(messageWith(page, `${w.word} notes`).locator("br")).toHaveCount(1);

  await searchBox(page).click();
  await expect(page).toHaveURL(/\/search$/);
  await expect(field(page)).toBeFocused();
  // With no query: the filter help.
  await expect(page.getByText("from:@user")).toBeVisible();
  await expect(page.getByText("is:thread")).toBeVisible();
  await page.keyboard.type(w.word);

  await expect(tab(page, /^2 messages$/)).toHaveAttribute("aria-selected", "true");
  await expect(results(page)).toHaveCount(2);
  await expect(page.getByText(/No people match/)).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/search\\?q=${w.word}$`));
  await expect(page.locator(".search-view")).not.toContainText("secret plans");

  // Markdown as in the message list, the match marked.
  const bold = results(page).filter({ hasText: "is green on main" });
  await expect(bold.locator("strong")).toHaveText(w.word);
  await expect(bold.locator("strong mark")).toHaveText(w.word);
  await expect(bold).not.toContainText("**");
  await expect(bold).toContainText(w.ana.name);
  await expect(bold).toContainText(`#${w.team.name}`);
  // A mention shows the name, as in the message list; Bo's own is marked as his.
  await expect(bold.locator(".mention--me")).toHaveText(`@${w.bo.name}`);
  await expect(bold).not.toContainText(w.bo.id);
  const notes = results(page).filter({ hasText: "notes" });
  await expect(notes.locator("br")).toHaveCount(1);
  await expect(notes.locator("mark")).toHaveText(w.word);
  await expect(notes.getByRole("link", { name: "https://example.com/notes" })).toBeVisible();
  await expectNoSeriousA11yIssues(page, ".search-view");

  // Filters: by author, by channel, with a link.
  await field(page).fill(`${w.word} from:@${w.ana.id}`);
  await expect(tab(page, /^1 message$/)).toBeVisible();
  await expect(results(page)).toHaveCount(1);
  await expect(results(page)).toContainText("is green on main");
  await field(page).fill(`${w.word} in:#${w.ops.name}`);
  await expect(tab(page, /^1 message$/)).toBeVisible();
  await expect(results(page)).toContainText("notes");
  await field(page).fill(`${w.word} has:link`);
  await expect(results(page)).toHaveCount(1);
  await expect(results(page)).toContainText("notes");
  // Bo's own filter on Ana finds nothing of #secret either.
  await field(page).fill(`secret from:@${w.ana.id}`);
  await expect(page.getByText(`No messages match “secret from:@${w.ana.id}”.`)).toBeVisible();
  // A bad filter says why.
  await field(page).fill(`${w.word} before:yesterday`);
  await expect(page.locator(".search-view").getByRole("alert")).toContainText("YYYY-MM-DD");

  // Reload keeps the search; Esc goes back to where the search was opened.
  await field(page).fill(w.word);
  await expect(results(page)).toHaveCount(2);
  await page.reload();
  await expect(field(page)).toHaveValue(w.word);
  await expect(results(page)).toHaveCount(2);
  await field(page).press("Escape");
  await expect(page).toHaveURL(new RegExp(`/c/${w.ops.cid}$`));
  await b.context.close();
});

test("keyboard: Ctrl+K, ↓ through results, Enter opens the message in its channel; Back returns", async ({
  browser,
  request,
}) => {
  const { b, w } = await world(browser, request);
  const { page } = b;
  await page.locator(".channel-view").getByRole("log").click();
  await page.keyboard.press("Control+k");
  await expect(field(page)).toBeFocused();
  await page.keyboard.type(w.word);
  await expect(results(page)).toHaveCount(2);
  // Newest first: Bo's notes, then Ana's bold message.
  await page.keyboard.press("ArrowDown");
  await expect(results(page).first()).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(results(page).nth(1)).toBeFocused();
  await expect(results(page).nth(1)).toContainText("is green on main");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowUp");
  await expect(field(page)).toBeFocused();
  // Tab reaches the tabs; → picks Channels.
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(tab(page, /message/)).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect(tab(page, /^0 channels$/)).toHaveAttribute("aria-selected", "true");
  // The tab picked is kept in the URL: a reload stays on it.
  await expect(page).toHaveURL(/[?&]tab=channels/);
  await page.reload();
  await expect(tab(page, /^0 channels$/)).toHaveAttribute("aria-selected", "true");
  await tab(page, /message/i).click();
  await expect(tab(page, /^2 messages$/)).toHaveAttribute("aria-selected", "true");
  await field(page).focus();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");

  await expect(page).toHaveURL(new RegExp(`/c/${w.team.cid}\\?message=${w.bold}$`));
  const message = page.locator(`[data-message-id="${w.bold}"]`);
  await expect(message).toBeVisible();
  await expect(message).toHaveClass(/message--highlighted/);
  await page.goBack();
  await expect(field(page)).toHaveValue(w.word);
  await expect(results(page)).toHaveCount(2);
  await page.getByRole("button", { name: "Close search" }).click();
  await expect(page).toHaveURL(new RegExp(`/c/${w.ops.cid}$`));
  await b.context.close();
});

test("channels and people: the first source with results, grammatical counts, paging with Load more", async ({
  browser,
  request,
}) => {
  const viewer = await createUser(request, "Viewer");
  const tag = unique("zed");
  await createUser(request, tag);
  await createUser(request, tag);
  const room = unique("room");
  const cid = await createChannel(request, viewer, [], room);
  const many = unique("alpha");
  await Promise.all(
    Array.from({ length: 11 }, (_, i) => sendMessage(request, viewer, cid, `${many} number ${i}`)),
  );
  const { page, context } = await signedIn(browser, viewer, "/chats");

  await page.goto(`/search?q=${tag}`);
  await expect(tab(page, /^2 people$/)).toHaveAttribute("aria-selected", "true");
  await expect(results(page, "users")).toHaveCount(2);
  await expect(tab(page, /^0 messages$/)).toBeVisible();

  await field(page).fill(room);
  await expect(tab(page, /^1 channel$/)).toHaveAttribute("aria-selected", "true");
  await results(page, "channels").click();
  await expect(page).toHaveURL(new RegExp(`/c/${cid}$`));
  await expect(channelRow(page, cid)).toBeVisible();

  await searchBox(page).click();
  await field(page).fill(many);
  await expect(tab(page, /^10\+ messages$/)).toBeVisible();
  await expect(results(page)).toHaveCount(10);
  await page.getByRole("button", { name: "Load more" }).click();
  await expect(results(page)).toHaveCount(11);
  await expect(tab(page, /^11 messages$/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Load more" })).toHaveCount(0);
  await context.close();
});

test("a phone: the search view takes the screen; Close goes back to the list", async ({
  browser,
  request,
}) => {
  const viewer = await createUser(request, "Phone");
  const cid = await createChannel(request, viewer, [], unique("pocket"));
  const word = unique("mobile");
  await sendMessage(request, viewer, cid, `_${word}_ on the go`);
  const { page, context } = await signedIn(browser, viewer, "/chats", { width: 390, height: 800 });
  await searchBox(page).click();
  await field(page).fill(word);
  await expect(results(page)).toHaveCount(1);
  await expect(results(page).locator("em mark")).toHaveText(word);
  await expect(page.getByRole("complementary", { name: "Conversations" })).toBeHidden();
  const box = await results(page).boundingBox();
  expect(box?.width ?? 0).toBeGreaterThan(300);
  await expectNoSeriousA11yIssues(page, ".search-view");
  await page.getByRole("button", { name: "Close search" }).click();
  await expect(page).toHaveURL(/\/chats$/);
  await context.close();
});

test("XSS: a message with HTML shows in search results as text, nothing runs", async ({
  browser,
  request,
}) => {
  const viewer = await createUser(request, "Viewer");
  const poster = await createUser(request, "Poster");
  const cid = await createChannel(request, poster, [viewer], unique("xss"));
  const word = unique("payload");
  const { page, context, watch } = await watchedPage(browser, viewer, "/chats");
  await sendMessage(
    request,
    poster,
    cid,
    `<img src=x onerror="console.log('XSS-FIRED')"> ${word} <b>bold</b>`,
  );
  await sendMessage(request, poster, cid, `[${word} link](javascript:console.log('XSS-FIRED'))`);
  await page.goto(`/search?q=${word}`);
  await expect(results(page)).toHaveCount(2);
  const view = page.locator(".search-view__body");
  await expect(view.locator("img, script, iframe, b, svg")).toHaveCount(0);
  await expect(view.locator("a[href^='javascript']")).toHaveCount(0);
  await expect(results(page).locator("mark").first()).toHaveText(word);
  await expectNothingRan(page, watch);
  await context.close();
});
