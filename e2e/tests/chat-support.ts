/**
 * Helpers of the chat e2e suites: accounts made over the API, browser contexts signed in as them,
 * and a small REST client to seed channels and messages without the UI.
 */
import type { AuthResponse } from "@parley/protocol";
import {
  type APIRequestContext,
  type APIResponse,
  type Browser,
  type BrowserContext,
  expect,
  type Page,
} from "@playwright/test";
import { newAccount } from "../support/accounts";

export interface ChatUser {
  auth: AuthResponse;
  id: string;
  name: string;
}

/** A new account, signed up over the API. */
export async function createUser(request: APIRequestContext, label: string): Promise<ChatUser> {
  const account = newAccount(label);
  const res = await request.post("/api/auth", { data: { action: "signup", ...account, profilePicture: "" } });
  expect(res.status(), await res.text()).toBe(201);
  const auth = (await res.json()) as AuthResponse;
  return { auth, id: auth.user.id, name: auth.user.displayName };
}

export interface SignedIn {
  context: BrowserContext;
  page: Page;
}

/** A browser context whose storage holds the user's session, on `path`. */
export async function signedIn(
  browser: Browser,
  user: ChatUser,
  path = "/chats",
  viewport = { width: 1280, height: 800 },
  /** Runs before the first navigation (e.g. to route the WebSocket). */
  setup?: (page: Page) => Promise<void>,
): Promise<SignedIn> {
  const context = await browser.newContext({ viewport });
  await context.addInitScript((auth: AuthResponse) => {
    if (!sessionStorage.getItem("token") && !localStorage.getItem("signed-out")) {
      sessionStorage.setItem("token", auth.streamToken);
      sessionStorage.setItem("user_token", auth.token);
      localStorage.setItem("uid", auth.user.id);
    }
  }, user.auth);
  const page = await context.newPage();
  await setup?.(page);
  await page.goto(path);
  await expect(page.getByTestId("current-user-name")).toHaveText(user.name);
  return { context, page };
}

let apiKey: string | undefined;

async function key(request: APIRequestContext): Promise<string> {
  if (!apiKey) {
    const res = await request.get("/api/config");
    apiKey = ((await res.json()) as { apiKey: string }).apiKey;
  }
  return apiKey;
}

type Method = "GET" | "POST" | "PUT" | "DELETE";

/** Calls the chat REST API as `user`; answers the response, whatever its status. */
export async function chatCall(
  request: APIRequestContext,
  user: ChatUser,
  method: Method,
  path: string,
  data?: unknown,
): Promise<APIResponse> {
  const sep = path.includes("?") ? "&" : "?";
  return request.fetch(`/chat${path}${sep}api_key=${await key(request)}`, {
    method,
    headers: { Authorization: `Bearer ${user.auth.streamToken}` },
    ...(data !== undefined ? { data } : {}),
  });
}

/** Calls the chat REST API as `user`, expecting success; answers the body. */
export async function chat<T>(
  request: APIRequestContext,
  user: ChatUser,
  method: Method,
  path: string,
  data?: unknown,
): Promise<T> {
  const res = await chatCall(request, user, method, path, data);
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

let n = 0;
export const uniqueId = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(n++).toString(36)}`;

/** Creates a `messaging` channel owned by `owner` with `members`; answers its cid. */
export async function createChannel(
  request: APIRequestContext,
  owner: ChatUser,
  members: ChatUser[],
  name: string,
): Promise<string> {
  const id = uniqueId("e2e");
  await chat(request, owner, "POST", `/channels/messaging/${id}/query`, {
    data: { name, members: [owner.id, ...members.map((m) => m.id)] },
  });
  return `messaging:${id}`;
}

/** Sends a message over REST; answers its id. */
export async function sendMessage(
  request: APIRequestContext,
  user: ChatUser,
  cid: string,
  text: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const [type, id] = cid.split(":");
  const { message } = await chat<{ message: { id: string } }>(
    request,
    user,
    "POST",
    `/channels/${type}/${id}/messages`,
    {
      message: { text, ...extra },
    },
  );
  return message.id;
}

/** The composer of the channel (or thread) pane. */
export function composer(page: Page, scope: "channel" | "thread" = "channel") {
  const root = scope === "thread" ? page.getByTestId("thread-pane") : page.locator(".channel-view");
  return root.getByTestId("composer-input");
}

/** Types and sends a message with Enter; resolves once the server acknowledged it. */
export async function send(page: Page, text: string, scope: "channel" | "thread" = "channel"): Promise<void> {
  const input = composer(page, scope);
  await input.fill(text);
  await input.press("Enter");
  await expect(input).toHaveValue("");
  const root = scope === "thread" ? page.getByTestId("thread-pane") : page.locator(".channel-view");
  const row = root.getByTestId("message").filter({ hasText: text }).last();
  await expect(row).toBeVisible();
  await expect(row.locator(".message__status")).toHaveCount(0);
}

/** The message row with this exact text in the channel view. */
export function messageWith(page: Page, text: string) {
  return page.locator(".channel-view").getByTestId("message").filter({ hasText: text });
}

/** The channel's row in the list. */
export function channelRow(page: Page, cid: string) {
  return page.locator(`[data-testid="channel-row"][data-cid="${cid}"]`);
}

/**
 * Picks `user` in the open dialog's people picker: searches their username and waits until the
 * answer for it is the only result before ticking it (a click while the results for an earlier
 * keystroke are replaced can land on another row).
 */
export async function pickUser(page: Page, user: ChatUser): Promise<void> {
  await page.getByRole("searchbox").fill(user.id);
  const options = page.locator(".user-picker__list").getByRole("checkbox");
  await expect(options).toHaveCount(1);
  await expect(page.locator(".user-picker__list")).toContainText(`@${user.id}`);
  await options.check();
}

/** The user's unread count in `cid`, as the server keeps it. */
export async function unreadOf(request: APIRequestContext, user: ChatUser, cid: string): Promise<number> {
  const { channels } = await chat<{ channels: { cid: string; unread_count: number }[] }>(
    request,
    user,
    "GET",
    "/unread",
  );
  return channels.find((c) => c.cid === cid)?.unread_count ?? 0;
}
