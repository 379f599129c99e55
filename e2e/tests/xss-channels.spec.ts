import { expect, type Page, test } from "@playwright/test";
import { createChannel, createUser } from "./chat-support";
import { fitting } from "./xss-corpus";
import { expectNothingRan, LIVE, watchedPage } from "./xss-support";

/**
 * Channel names, and the Content-Security-Policy itself: present and strict on every page, no
 * inline script in the app's HTML, and enforced (HTML injected into the live page cannot run).
 */
test.setTimeout(5 * 60_000);

test("channel names: no payload runs", async ({ browser, request }) => {
  const viewer = await createUser(request, "Viewer");
  const cid = await createChannel(request, viewer, [], "XSS names");
  const [type, id] = cid.split(":");
  const { page, context, watch } = await watchedPage(browser, viewer, `/c/${cid}`);
  const names = fitting(128);
  expect(names.length).toBeGreaterThanOrEqual(150);
  const header = page.getByTestId("channel-name");
  for (const name of names) {
    const res = await page.request.fetch(`/chat/channels/${type}/${id}?api_key=${await apiKey(page)}`, {
      method: "PATCH",
      headers: { Authorization: `Bearer ${viewer.auth.streamToken}` },
      data: { set: { name } },
    });
    expect(res.status(), await res.text()).toBe(200);
    // The header shows it, as text.
    await expect.poll(() => header.textContent(), LIVE).toBe(name.trim());
  }
  await expectNothingRan(page, watch);
  await context.close();
});

test("channel topics and the system messages announcing them: no payload runs", async ({
  browser,
  request,
}) => {
  const viewer = await createUser(request, "Viewer");
  const cid = await createChannel(request, viewer, [], "XSS topics");
  const [type, id] = cid.split(":");
  const { page, context, watch } = await watchedPage(browser, viewer, `/c/${cid}`);
  // A topic is one line: the corpus's single-line payloads, the length a topic allows.
  const topics = fitting(250).filter((t) => !/[\r\n]/.test(t));
  expect(topics.length).toBeGreaterThanOrEqual(100);
  const topic = page.getByTestId("channel-topic");
  const announced = page.locator("[data-testid=system-message]").last();
  for (const text of topics) {
    const res = await page.request.fetch(`/chat/channels/${type}/${id}?api_key=${await apiKey(page)}`, {
      method: "PATCH",
      headers: { Authorization: `Bearer ${viewer.auth.streamToken}` },
      data: { set: { topic: text } },
    });
    expect(res.status(), await res.text()).toBe(200);
    // The header and the system message show it, as text.
    await expect.poll(() => topic.textContent(), LIVE).toBe(` · ${text.trim()}`);
    await expect.poll(() => announced.textContent(), LIVE).toContain(text.trim());
  }
  await expectNothingRan(page, watch);
  await context.close();
});

let key: string | undefined;
async function apiKey(page: Page): Promise<string> {
  key ??= ((await (await page.request.get("/api/config")).json()) as { apiKey: string }).apiKey;
  return key;
}

const PAGES = [
  "/",
  "/join",
  "/signin",
  "/about",
  "/chats",
  "/c/messaging:x",
  "/moderation",
  "/no/such/page",
  "/index.html",
];

function expectStrictCsp(csp: string | undefined, where: string): void {
  expect(csp, `CSP on ${where}`).toBeTruthy();
  const directives = new Map(
    (csp ?? "").split(";").map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name ?? "", values] as const;
    }),
  );
  const script = directives.get("script-src") ?? directives.get("default-src") ?? [];
  expect(script, `script-src on ${where}`).toEqual(["'self'"]);
  expect(directives.get("object-src"), `object-src on ${where}`).toEqual(["'none'"]);
  expect(directives.get("base-uri"), `base-uri on ${where}`).toEqual(["'self'"]);
  expect(directives.get("frame-ancestors"), `frame-ancestors on ${where}`).toEqual(["'none'"]);
  expect(csp).not.toContain("unsafe-eval");
}

test("every page carries a strict Content-Security-Policy and the app has no inline script", async ({
  request,
}) => {
  for (const path of PAGES) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    expectStrictCsp(res.headers()["content-security-policy"], path);
    const html = await res.text();
    for (const tag of html.match(/<script\b[^>]*>[\s\S]*?<\/script>/gi) ?? []) {
      expect(tag, `inline script on ${path}`).toMatch(/^<script\b[^>]*\ssrc=/i);
      expect(
        tag
          .replace(/^<script\b[^>]*>/i, "")
          .replace(/<\/script>$/i, "")
          .trim(),
      ).toBe("");
    }
    expect(html, `inline handler on ${path}`).not.toMatch(/\son[a-z]+\s*=/i);
  }
});

test("the policy is enforced: HTML forced into the live page cannot run", async ({ browser, request }) => {
  const viewer = await createUser(request, "Viewer");
  const { page, context, watch } = await watchedPage(browser, viewer, "/chats");
  const seen: string[] = [];
  page.on("response", (r) => {
    if (r.request().resourceType() === "document") seen.push(r.headers()["content-security-policy"] ?? "");
  });
  await page.goto("/about");
  await page.goto("/chats");
  for (const csp of seen) expectStrictCsp(csp, "a navigation");
  // Control: the watch does see a dialog and the console marker when script really runs.
  await page.evaluate(() => {
    alert("control");
    console.log("XSS-FIRED control");
  });
  await expect.poll(() => watch.dialogs.length + watch.fired.length).toBe(2);
  watch.dialogs.length = 0;
  watch.fired.length = 0;
  await page.evaluate(() => {
    const host = document.createElement("div");
    host.innerHTML = `<img src="x" onerror="console.log('XSS-FIRED')"><a id="xss-js" href="javascript:console.log('XSS-FIRED')">x</a>`;
    document.body.append(host);
    const s = document.createElement("script");
    s.textContent = "console.log('XSS-FIRED')";
    document.body.append(s);
    (document.getElementById("xss-js") as HTMLAnchorElement).click();
  });
  await page.waitForTimeout(500);
  expect(watch.fired).toEqual([]);
  expect(watch.dialogs).toEqual([]);
  const violations = await page.evaluate(() => window.__cspViolations ?? []);
  expect(
    violations.filter((v) => v.startsWith("script-src-elem") || v.startsWith("script-src-attr")).length,
  ).toBeGreaterThanOrEqual(2);
  await context.close();
});
