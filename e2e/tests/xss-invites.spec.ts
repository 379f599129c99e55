import { expect, test } from "@playwright/test";
import { type OwnServer, startOwnServer } from "../support/own-server";
import { fitting } from "./xss-corpus";
import { expectNothingRan, LIVE, watch } from "./xss-support";

/**
 * The join page shows an invite's inviter and channel names to whoever holds the link: each
 * payload of the corpus as both, shown as text. On a server of its own, since the inviter (the
 * admin) is renamed for every payload. The page loads once; each payload after the first comes
 * in as a link opened over it (a new fragment, which loads the invite again).
 */
test.setTimeout(5 * 60_000);

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
  for (const [i, name] of names.entries()) {
    await Promise.all([
      call("PATCH", "/api/profile", admin.token, { displayName: name }),
      call("PATCH", `/chat/channels/team/${id}`, admin.streamToken, { set: { name } }),
    ]);
    const link = `invite=${encodeURIComponent(token)}&n=${i}`;
    if (i === 0) await page.goto(`/join#${link}`);
    else await page.evaluate((hash) => (window.location.hash = hash), link);
    // Shown as text, exactly.
    await expect.poll(() => page.getByTestId("inviter-name").textContent(), LIVE).toBe(name.trim());
    await expect.poll(() => page.getByTestId("invite-channel").textContent(), LIVE).toBe(`# ${name.trim()}`);
  }
  await expectNothingRan(page, w);
  await context.close();
});
