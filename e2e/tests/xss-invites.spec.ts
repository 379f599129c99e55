import { expect, test } from "@playwright/test";
import { type OwnServer, startOwnServer } from "../support/own-server";
import { fitting } from "./xss-corpus";
import { expectNothingRan, watch } from "./xss-support";

/**
 * The join page shows an invite's inviter and channel names to whoever holds the link: each
 * payload of the corpus as both, shown as text. On a server of its own, since the inviter (the
 * admin) is renamed for every payload.
 */
test.setTimeout(10 * 60_000);

let server: OwnServer;
test.beforeAll(async () => {
  server = await startOwnServer(101);
});
test.afterAll(() => server?.close());

async function call(method: string, path: string, token: string, body: unknown): Promise<any> {
  const sep = path.startsWith("/chat") ? `?api_key=${server.apiKey}` : "";
  const res = await fetch(`${server.baseURL}${path}${sep}`, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  expect(res.status, `${method} ${path}: ${text}`).toBeLessThan(300);
  return JSON.parse(text);
}

test("inviter and channel names on the join page: no payload runs", async ({ browser }) => {
  const { admin } = server;
  const id = `xss-${Date.now().toString(36)}`;
  await call("POST", `/chat/channels/team/${id}/query`, admin.streamToken, { data: { name: "start" } });
  const { token } = await call("POST", "/api/invites", admin.token, {
    channels: [`team:${id}`],
    maxUses: 1000,
  });
  const names = fitting(64).filter((p) => p.trim().length <= 64);
  expect(names.length).toBeGreaterThanOrEqual(100);
  const context = await browser.newContext({ baseURL: server.baseURL });
  const page = await context.newPage();
  const w = await watch(page);
  for (const name of names) {
    await call("PATCH", "/api/profile", admin.token, { displayName: name });
    await call("PATCH", `/chat/channels/team/${id}`, admin.streamToken, { set: { name } });
    await page.goto(`/join?invite=${token}`);
    // Shown as text, exactly.
    await expect.poll(() => page.getByTestId("inviter-name").textContent()).toBe(name.trim());
    await expect.poll(() => page.getByTestId("invite-channel").textContent()).toBe(`# ${name.trim()}`);
  }
  await expectNothingRan(page, w);
  await context.close();
});
