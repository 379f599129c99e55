/** Talking to the chat service from a test (setup and checks the UI cannot show), and opening signed-in pages. */
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { expect } from "@playwright/test";
import { newAccount, type TestAccount } from "./accounts";
import { E2E_ADMIN } from "./admin";

export interface Session {
  account: TestAccount;
  /** The chat token (sign-up answer's streamToken). */
  token: string;
  userToken: string;
  userId: string;
}

export interface ApiAnswer<T = Record<string, unknown>> {
  status: number;
  body: T;
}

let cachedKey: string | undefined;

export async function apiKeyOf(request: APIRequestContext): Promise<string> {
  if (cachedKey) return cachedKey;
  const res = await request.get("/api/config");
  expect(res.ok()).toBe(true);
  cachedKey = ((await res.json()) as { apiKey: string }).apiKey;
  return cachedKey;
}

async function auth(request: APIRequestContext, body: Record<string, string>): Promise<Session> {
  const res = await request.post("/api/auth", { data: body });
  expect(res.ok(), await res.text()).toBe(true);
  const answer = (await res.json()) as { streamToken: string; token: string; user: { id: string } };
  const account = {
    username: body.username ?? "",
    displayName: body.displayName ?? "",
    password: body.password ?? "",
  };
  return { account, token: answer.streamToken, userToken: answer.token, userId: answer.user.id };
}

export function signUp(request: APIRequestContext, account: TestAccount = newAccount()): Promise<Session> {
  return auth(request, { action: "signup", ...account, profilePicture: "" });
}

export function signIn(request: APIRequestContext, username: string, password: string): Promise<Session> {
  return auth(request, { action: "signin", username, password });
}

/** A `/chat` call as the session's user. */
export async function chat<T = Record<string, unknown>>(
  request: APIRequestContext,
  session: Pick<Session, "token">,
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  path: string,
  data?: unknown,
): Promise<ApiAnswer<T>> {
  const key = await apiKeyOf(request);
  const url = `/chat${path}${path.includes("?") ? "&" : "?"}api_key=${encodeURIComponent(key)}`;
  const res = await request.fetch(url, {
    method,
    headers: { Authorization: `Bearer ${session.token}` },
    ...(data === undefined ? {} : { data }),
  });
  const text = await res.text();
  return { status: res.status(), body: (text ? JSON.parse(text) : {}) as T };
}

/** Makes `userId` a moderator, as the e2e admin (see global-setup.ts). */
export async function makeModerator(request: APIRequestContext, userId: string): Promise<void> {
  const admin = await signIn(request, E2E_ADMIN.username, E2E_ADMIN.password);
  const res = await chat(request, admin, "PUT", `/users/${userId}/role`, { role: "moderator" });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** A channel of `owner` with `members`, created over the API; answers its cid. */
export async function createChannel(
  request: APIRequestContext,
  owner: Session,
  name: string,
  members: readonly Session[],
): Promise<string> {
  const id = `${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${Math.random().toString(36).slice(2, 8)}`;
  const res = await chat<{ channel: { cid: string } }>(
    request,
    owner,
    "POST",
    `/channels/messaging/${id}/query`,
    {
      data: { name, members: [owner.userId, ...members.map((m) => m.userId)] },
    },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.channel.cid;
}

export async function sendMessage(
  request: APIRequestContext,
  session: Session,
  cid: string,
  text: string,
): Promise<string> {
  const [type, id] = cid.split(":");
  const res = await chat<{ message: { id: string } }>(
    request,
    session,
    "POST",
    `/channels/${type}/${id}/messages`,
    {
      message: { text },
    },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.message.id;
}

/** A new browser context signed in as a fresh account (storage set as the app's sign-up does). */
export async function openAs(
  browser: Browser,
  label: string,
  session?: Session,
): Promise<{ page: Page; session: Session }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const s = session ?? (await signUp(context.request, newAccount(label)));
  await page.goto("/about");
  await page.evaluate((v) => {
    sessionStorage.setItem("token", v.token);
    sessionStorage.setItem("user_token", v.userToken);
    localStorage.setItem("uid", v.userId);
  }, s);
  return { page, session: s };
}

/** Opens a channel in the page and waits for its composer. */
export async function openChannel(page: Page, cid: string): Promise<void> {
  await page.goto(`/c/${cid}`);
  await expect(page.getByRole("textbox", { name: /^Message / })).toBeVisible();
}
