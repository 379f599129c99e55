import { appendFileSync } from "node:fs";
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { newAccount, signUpViaUi } from "../support/accounts";
import { expectNoSeriousA11yIssues } from "../support/axe";
import {
  clickNotification,
  controlledByServiceWorker,
  pushChannel,
  shownNotifications,
  startOwnServer,
  subscriptionChanged,
} from "../support/pwa";
import {
  channelRow,
  createChannel,
  createUser,
  messageWith,
  send,
  sendMessage,
  signedIn,
} from "./chat-support";

/** Width and height from a PNG's IHDR chunk. */
function pngSize(png: Buffer): [number, number] {
  expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
  return [png.readUInt32BE(16), png.readUInt32BE(20)];
}

async function pageMarker(page: Page): Promise<unknown> {
  return page.evaluate(() => (window as unknown as { e2eMarker?: unknown }).e2eMarker);
}

async function setPageMarker(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { e2eMarker?: unknown }).e2eMarker = "still this page";
  });
}

test.describe("installable app", () => {
  test("the manifest names the app, its colours and start, and its icons have the declared sizes", async ({
    request,
  }) => {
    const res = await request.get("/manifest.webmanifest");
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
    const manifest = await res.json();
    expect(manifest).toMatchObject({
      name: "Parley",
      short_name: "Parley",
      display: "standalone",
      start_url: "/chats",
      scope: "/",
      id: "/chats",
      theme_color: "#ffffff",
      background_color: "#ffffff",
    });
    expect(manifest.description).toContain("chat");
    const icons = manifest.icons as { src: string; sizes: string; type: string; purpose: string }[];
    const png = icons.filter((i) => i.type === "image/png");
    expect(png.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual([
      "192x192 any",
      "512x512 any",
      "512x512 maskable",
    ]);
    for (const icon of png) {
      const file = await request.get(icon.src);
      expect([icon.src, file.status(), file.headers()["content-type"]]).toEqual([icon.src, 200, "image/png"]);
      expect([icon.src, pngSize(await file.body()).join("x")]).toEqual([icon.src, icon.sizes]);
    }
    const apple = await request.get("/icons/apple-touch-icon.png");
    expect(pngSize(await apple.body())).toEqual([180, 180]);

    // The app and the pre-rendered pages link the manifest, the touch icon and the theme colour.
    for (const path of ["/chats", "/", "/about"]) {
      const html = await (await request.get(path)).text();
      expect([path, html]).toEqual([
        path,
        expect.stringContaining('<link rel="manifest" href="/manifest.webmanifest"'),
      ]);
      expect([path, html]).toEqual([
        path,
        expect.stringContaining('rel="apple-touch-icon" href="/icons/apple-touch-icon.png"'),
      ]);
      expect([path, html]).toEqual([path, expect.stringContaining('<meta name="theme-color"')]);
    }
  });

  test("the service worker controls the app, which opens offline, says so, and recovers by itself", async ({
    browser,
    request,
  }) => {
    const ana = await createUser(request, "Ana");
    const cid = await createChannel(request, ana, [], "Offline room");
    const { context, page } = await signedIn(browser, ana, "/chats");
    await controlledByServiceWorker(page);
    await expect(page.getByTestId("current-user-name")).toHaveText(ana.name);

    // The network goes away while the app runs: one banner says so.
    await context.setOffline(true);
    const banner = page.getByTestId("offline-banner");
    await expect(banner).toHaveText("You're offline — reconnecting");
    await expect(banner.locator("xpath=..")).toHaveAttribute("role", "status");
    await expect(page.getByTestId("connection-banner")).toBeHidden();
    await expectNoSeriousA11yIssues(page);

    // Started without a network (the worker cannot reach the server either), the cached shell
    // opens and shows the offline state.
    const [worker] = context.serviceWorkers();
    expect(
      await worker?.evaluate(() =>
        fetch("/healthz").then(
          () => "reached",
          () => "no network",
        ),
      ),
    ).toBe("no network");
    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("You're offline — reconnecting");
    await expect(page.getByTestId("offline-page")).toHaveText(
      "Parley opens by itself as soon as your network is back.",
    );
    await expect(page).toHaveTitle("You're offline — reconnecting · Parley");
    await expect(banner).toHaveCount(0);
    await expect(page).toHaveURL(/\/chats$/);
    await expectNoSeriousA11yIssues(page);

    // Back online: the app loads by itself and the chat works.
    await context.setOffline(false);
    await expect(page.getByTestId("current-user-name")).toHaveText(ana.name);
    await expect(page.getByTestId("offline-page")).toHaveCount(0);
    await expect(banner).toHaveCount(0);
    await channelRow(page, cid).click();
    await send(page, "Back on the network");
    await expect(messageWith(page, "Back on the network")).toBeVisible();
    await context.close();
  });

  test("with the network up but the server gone, the app says so and opens once it answers", async ({
    browser,
  }) => {
    // Two server starts, a sign-up and an axe run before the up-to-10 s wait for the next retry.
    test.setTimeout(120_000);
    const server = await startOwnServer();
    const context = await browser.newContext({ baseURL: server.url });
    try {
      const page = await context.newPage();
      const account = newAccount("Cy");
      await signUpViaUi(page, account);
      await controlledByServiceWorker(page);

      await server.stop();
      await page.reload();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Can't reach Parley — reconnecting");
      await expect(page.getByTestId("offline-page")).toContainText("Parley keeps trying");
      expect(await page.evaluate(() => navigator.onLine)).toBe(true);
      await expectNoSeriousA11yIssues(page);

      // No event says the server is back: the page keeps trying by itself.
      await server.start();
      await expect(page.getByTestId("current-user-name")).toHaveText(account.displayName, {
        timeout: 30_000,
      });
      await expect(page.getByTestId("offline-page")).toHaveCount(0);
      await expect(page).toHaveURL(/\/chats$/);
    } finally {
      await context.close();
      await server.stop();
    }
  });

  test("a new version waits for the user's click, then the page reloads under it", async ({ browser }) => {
    // A server of the test's own, so changing its sw.js disturbs no other test.
    const server = await startOwnServer();
    const context = await browser.newContext({ baseURL: server.url });
    try {
      const page = await context.newPage();
      await page.goto("/signin");
      await controlledByServiceWorker(page);
      await page.getByLabel("Username").fill("half-typed");
      await setPageMarker(page);

      // A deploy: a changed worker, which answers the version it is.
      appendFileSync(
        join(server.webDist, "sw.js"),
        '\nself.addEventListener("message",(e)=>{if(e.data==="e2e:version")e.ports[0].postMessage(2)});\n',
      );
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());

      const prompt = page.getByTestId("update-prompt");
      await expect(prompt).toHaveText("A new version of Parley is available·Reload to update");
      await expect(prompt.locator("xpath=..")).toHaveAttribute("role", "status");
      await expect
        .poll(() =>
          page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state),
        )
        .toBe("installed");
      // Nothing reloads by itself: the half-typed field and the page are still there.
      expect(await pageMarker(page)).toBe("still this page");
      await expect(page.getByLabel("Username")).toHaveValue("half-typed");
      await expectNoSeriousA11yIssues(page);

      const reload = prompt.getByRole("button", { name: "Reload to update" });
      await reload.focus();
      await Promise.all([page.waitForEvent("load"), page.keyboard.press("Enter")]);

      expect(await pageMarker(page)).toBeUndefined();
      await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
      await expect(page.getByTestId("update-prompt")).toHaveCount(0);
      const version = await page.evaluate(
        () =>
          new Promise((resolve) => {
            const channel = new MessageChannel();
            channel.port1.onmessage = (e) => resolve(e.data);
            navigator.serviceWorker.controller?.postMessage("e2e:version", [channel.port2]);
          }),
      );
      expect(version).toBe(2);
    } finally {
      await context.close();
      await server.stop();
    }
  });

  test("pushes show notifications that collapse per tag, and a click opens their place in the app", async ({
    browser,
    request,
  }) => {
    const bo = await createUser(request, "Bo");
    const cid = await createChannel(request, bo, [], "Push room");
    const messageID = await sendMessage(request, bo, cid, "Lunch at noon?");
    const { context, page } = await signedIn(browser, bo, "/chats");
    const origin = new URL(page.url()).origin;
    await context.grantPermissions(["notifications"], { origin });
    await controlledByServiceWorker(page);
    const push = await pushChannel(context, page);
    const url = `/c/${cid}?message=${messageID}`;
    const message = { kind: "message", title: "Push room", tag: cid, url, cid, message_id: messageID };

    await push.deliver(JSON.stringify({ ...message, body: "Bo: Lunch at noon?" }));
    await expect
      .poll(() => shownNotifications(page))
      .toEqual([
        {
          title: "Push room",
          body: "Bo: Lunch at noon?",
          tag: cid,
          icon: `${origin}/icons/icon-192.png`,
          badge: `${origin}/icons/badge-96.png`,
          data: { url, kind: "message", count: 1 },
        },
      ]);

    // A second message of the channel replaces the first and counts them.
    await push.deliver(JSON.stringify({ ...message, body: "Bo: Or one?" }));
    await expect
      .poll(async () => (await shownNotifications(page)).map((n) => [n.tag, n.body, n.data?.count]))
      .toEqual([[cid, "2 new messages · Bo: Or one?", 2]]);

    // What cannot be read still shows a notification.
    await push.deliver("not json {");
    await expect
      .poll(async () => (await shownNotifications(page)).map((n) => n.title).sort())
      .toEqual(["New activity in Parley", "Push room"]);

    // A click: the open window's app goes to the message, without reloading.
    await setPageMarker(page);
    await clickNotification(context, cid);
    await expect(page).toHaveURL(url);
    await expect(messageWith(page, "Lunch at noon?")).toBeVisible();
    expect(await pageMarker(page)).toBe("still this page");
    await expect.poll(async () => (await shownNotifications(page)).map((n) => n.tag)).not.toContain(cid);

    // A url of another origin is not followed: the click opens /chats.
    await push.deliver(
      JSON.stringify({ ...message, tag: "elsewhere", url: "https://evil.example/c/x", body: "Bo: look" }),
    );
    await expect.poll(async () => (await shownNotifications(page)).map((n) => n.tag)).toContain("elsewhere");
    await clickNotification(context, "elsewhere");
    await expect(page).toHaveURL(/\/chats$/);
    expect(await pageMarker(page)).toBe("still this page");

    // The browser replaced the push subscription: open windows are told, so the app registers it again.
    await page.evaluate(() => {
      const w = window as unknown as { heard: unknown[] };
      w.heard = [];
      navigator.serviceWorker.addEventListener("message", (e) => w.heard.push(e.data));
    });
    await subscriptionChanged(context);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { heard: unknown[] }).heard))
      .toEqual([{ type: "parley:pushsubscriptionchange" }]);
    await context.close();
  });
});
