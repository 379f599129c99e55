import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import {
  newAccount,
  readStorage,
  signUpViaApi,
  signUpViaUi,
  submitSignIn,
  submitSignUp,
} from "../support/accounts";
import { holdScripts } from "../support/hold-scripts";

/** The spec's exact console message for a missing, expired or invalid token (spec §5). */
const TOKEN_INVALID_MESSAGE = "Token Invalid: Session token is expired or invalid.";

interface AuthAnswer {
  streamToken: string;
  token: string;
  user: { id: string; displayName: string; profilePicture: string };
}

async function openUserMenu(page: Page): Promise<void> {
  await page.getByRole("button", { name: /account menu/ }).click();
}

test.describe("sign-up and session", () => {
  test("signing up stores exactly the spec's keys and opens /chats", async ({ page }) => {
    const account = newAccount("Ada");
    await page.goto("/join");
    await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();

    const answer = page.waitForResponse(
      (res) => res.url().endsWith("/api/auth") && res.request().method() === "POST",
    );
    await submitSignUp(page, account);
    const res = await answer;
    expect(res.status()).toBe(201);
    expect(res.request().postDataJSON()).toEqual({
      action: "signup",
      username: account.username,
      displayName: account.displayName,
      password: account.password,
      profilePicture: "",
    });
    const body = (await res.json()) as AuthAnswer;

    await expect(page).toHaveURL(/\/chats$/);
    await expect(page.getByTestId("current-user-name")).toHaveText(account.displayName);
    await expect(page.getByRole("heading", { name: "No chats yet" })).toBeVisible();

    const storage = await readStorage(page);
    expect(storage.session).toEqual({ token: body.streamToken, user_token: body.token });
    expect(storage.local).toEqual({ uid: body.user.id });
    expect(body.user.id).toBe(account.username);
  });

  test("a reload keeps the user signed in", async ({ page }) => {
    const account = newAccount("Grace");
    await signUpViaUi(page, account);

    // The stored session reconnects the chat socket on load.
    const socket = page.waitForEvent("websocket", (ws) => new URL(ws.url()).pathname === "/chat/connect");
    await page.reload();
    await socket;
    await expect(page).toHaveURL(/\/chats$/);
    await expect(page.getByTestId("current-user-name")).toHaveText(account.displayName);
  });

  test("signing out clears both storages and returns to the landing page", async ({ page }) => {
    await signUpViaUi(page, newAccount("Linus"));

    await openUserMenu(page);
    await page.getByRole("menuitem", { name: "Sign out" }).click();

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Real-time chat you run yourself");
    expect(await readStorage(page)).toEqual({ session: {}, local: {} });

    // The session is gone: the signed-in area sends the visitor to sign in again.
    await page.goto("/chats");
    await expect(page).toHaveURL(/\/signin\?next=%2Fchats$/);
  });

  test("the user menu closes with Escape and returns focus to its button", async ({ page }) => {
    await signUpViaUi(page, newAccount("Margaret"));
    const trigger = page.getByRole("button", { name: /account menu/ });
    await trigger.click();
    await expect(page.getByRole("menuitem").first()).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("menu")).toHaveCount(0);
    await expect(trigger).toBeFocused();
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
  });

  test("the user menu offers notifications until the browser allows them", async ({ page, context }) => {
    await signUpViaUi(page, newAccount("Grace"));
    const trigger = page.getByRole("button", { name: /account menu/ });
    const offer = page.getByRole("menuitem", { name: "Turn on notifications" });
    await trigger.click();
    await expect(offer).toBeVisible();
    await page.keyboard.press("Escape");

    await context.grantPermissions(["notifications"]);
    await trigger.click();
    await expect(page.getByRole("menuitem", { name: "Sign out" })).toBeVisible();
    await expect(offer).toHaveCount(0);
  });
});

test.describe("sign-in", () => {
  test("signing in with the right password opens /chats", async ({ page, request }) => {
    const account = newAccount("Alan");
    await signUpViaApi(request, account);

    await page.goto("/signin");
    await expect(page.getByRole("heading", { name: "Sign in to Parley" })).toBeVisible();
    await submitSignIn(page, account.username, account.password);

    await expect(page).toHaveURL(/\/chats$/);
    await expect(page.getByTestId("current-user-name")).toHaveText(account.displayName);
    const storage = await readStorage(page);
    expect(storage.local).toEqual({ uid: account.username });
    expect(Object.keys(storage.session).sort()).toEqual(["token", "user_token"]);
  });

  test("a wrong password shows the server's error and stores nothing", async ({ page, request }) => {
    const account = newAccount("Barbara");
    await signUpViaApi(request, account);

    await page.goto("/signin");
    const answer = page.waitForResponse((res) => res.url().endsWith("/api/auth"));
    await submitSignIn(page, account.username, "definitely-not-the-password");
    const res = await answer;
    expect(res.status()).toBe(401);
    const { error } = (await res.json()) as { error: { message: string } };

    const alert = page.getByRole("alert");
    await expect(alert).toBeVisible();
    await expect(alert).toHaveText(error.message);
    await expect(page).toHaveURL(/\/signin$/);
    await expect(page.getByRole("button", { name: "Sign in" })).toBeEnabled();
    expect(await readStorage(page)).toEqual({ session: {}, local: {} });
  });

  test("the sign-in and sign-up pages link to each other", async ({ page }) => {
    await page.goto("/join");
    await page.getByRole("link", { name: "Sign in" }).last().click();
    await expect(page).toHaveURL(/\/signin$/);
    await page.getByRole("link", { name: "Create an account" }).click();
    await expect(page).toHaveURL(/\/join$/);
  });
});

test.describe("form validation", () => {
  test("invalid sign-up fields are flagged next to the fields without calling the server", async ({
    page,
  }) => {
    let authCalls = 0;
    page.on("request", (req) => {
      if (req.url().endsWith("/api/auth")) authCalls++;
    });
    await page.goto("/join");
    await page.getByLabel("Username").fill("A!");
    await page.getByLabel("Password").fill("short");
    await page.getByLabel("Profile picture URL").fill("ftp://example.com/me.png");
    await page.getByRole("button", { name: "Create account" }).click();

    await expect(page.getByRole("alert")).toBeVisible();
    for (const label of ["Username", "Display name", "Password", "Profile picture URL"]) {
      const field = page.getByLabel(label);
      await expect(field).toHaveAttribute("aria-invalid", "true");
      const describedBy = await field.getAttribute("aria-describedby");
      expect(describedBy, `${label} is described by its error`).toBeTruthy();
      const errorId = describedBy!.split(" ")[0]!;
      await expect(page.locator(`[id="${errorId}"]`)).not.toBeEmpty();
    }
    await expect(page.getByLabel("Username")).toBeFocused();
    expect(authCalls).toBe(0);
    expect(await readStorage(page)).toEqual({ session: {}, local: {} });
  });

  test("a network failure shows the error's message and stores nothing", async ({ page }) => {
    await page.route("**/api/auth", (route) => route.abort("connectionrefused"));
    await page.goto("/join");
    await submitSignUp(page, newAccount("Offline"));

    await expect(page.getByRole("alert")).toHaveText("Failed to fetch");
    await expect(page).toHaveURL(/\/join$/);
    await expect(page.getByRole("button", { name: "Create account" })).toBeEnabled();
    expect(await readStorage(page)).toEqual({ session: {}, local: {} });
  });

  test("a taken username shows the server's message", async ({ page, request }) => {
    const account = newAccount("Katherine");
    await signUpViaApi(request, account);

    await page.goto("/join");
    const answer = page.waitForResponse((res) => res.url().endsWith("/api/auth"));
    await submitSignUp(page, { ...account, displayName: "Someone Else" });
    const res = await answer;
    expect(res.status()).toBe(409);
    const { error } = (await res.json()) as { error: { message: string } };

    await expect(page.getByRole("alert")).toHaveText(error.message);
    await expect(page).toHaveURL(/\/join$/);
    expect(await readStorage(page)).toEqual({ session: {}, local: {} });
  });
});

test.describe("protected routes", () => {
  test("visiting /chats signed out goes to /signin, and signing in comes back", async ({ page, request }) => {
    const account = newAccount("Hedy");
    await signUpViaApi(request, account);

    await page.goto("/chats");
    await expect(page).toHaveURL(/\/signin\?next=%2Fchats$/);
    await submitSignIn(page, account.username, account.password);
    await expect(page).toHaveURL(/\/chats$/);
    await expect(page.getByTestId("current-user-name")).toHaveText(account.displayName);
  });

  test("after signing in the user lands on the page they asked for", async ({ page, request }) => {
    const account = newAccount("Radia");
    await signUpViaApi(request, account);

    await page.goto("/c/general");
    await expect(page).toHaveURL(/\/signin\?next=%2Fc%2Fgeneral$/);
    await submitSignIn(page, account.username, account.password);
    await expect(page).toHaveURL(/\/c\/general$/);
    await expect(page.getByRole("heading", { name: "general" })).toBeVisible();
  });

  test("an invalid stored token logs the spec's message and sends the user to sign in", async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (msg) => {
      if (msg.type() === "error") errors.push(msg.text());
    });
    await page.goto("/");
    await page.evaluate(() => {
      sessionStorage.setItem("token", "garbage.not-a.jwt");
      sessionStorage.setItem("user_token", "garbage");
      localStorage.setItem("uid", "nobody");
    });

    // The chat socket refuses the token (close 4001); the app must not show why.
    const socket = page.waitForEvent("websocket", (ws) => new URL(ws.url()).pathname === "/chat/connect");
    await page.goto("/chats");
    await socket;

    await expect(page).toHaveURL(/\/signin(\?|$)/);
    await expect.poll(() => errors).toContain(TOKEN_INVALID_MESSAGE);
    await expect(page.getByText(TOKEN_INVALID_MESSAGE)).toHaveCount(0);
    expect(await readStorage(page)).toEqual({ session: {}, local: {} });
  });
});

test.describe("app shell", () => {
  test("an unknown route shows a 404 page with a way home", async ({ page }) => {
    await page.goto("/no/such/page");
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await page.getByRole("link", { name: "Go to the home page" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("a failing route shows a friendly error page, not a blank screen", async ({ page }) => {
    const account = newAccount("Frances");
    await signUpViaUi(page, account);
    await page.route("**/api/config", (route) =>
      route.fulfill({
        status: 503,
        contentType: "application/json",
        body: '{"error":{"code":"unavailable"}}',
      }),
    );
    await page.reload();

    await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeVisible();
    await expect(page.getByText("HTTP 503")).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to the home page" })).toHaveAttribute("href", "/");
    // Not an invalid session: the stored session is kept for the next attempt.
    expect((await readStorage(page)).local).toEqual({ uid: account.username });
  });

  test("public pages load without console errors under the server's CSP", async ({ page }) => {
    const problems: string[] = [];
    page.on("console", (msg) => {
      if (msg.type() === "error") problems.push(msg.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    for (const path of ["/", "/about", "/join", "/signin"]) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    }
    expect(problems).toEqual([]);
  });

  for (const path of ["/", "/about", "/signin"]) {
    test(`the right-click context menu is disabled on the whole page (${path})`, async ({ page }) => {
      await page.goto(path, { waitUntil: "networkidle" });
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      const prevented = await page.evaluate(() => {
        const targets = [document.body, document.querySelector("h1"), document.querySelector("a")];
        return targets.map((target) => {
          const event = new MouseEvent("contextmenu", { bubbles: true, cancelable: true, button: 2 });
          target?.dispatchEvent(event);
          return event.defaultPrevented;
        });
      });
      expect(prevented).toEqual([true, true, true]);
    });
  }

  test("the loading view shows while a route's code loads during navigation", async ({ page }) => {
    await page.goto("/join");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // The route's code arrives only once the loading view has been looked at, however slow the machine.
    const release = await holdScripts(page, "**/assets/signin-*.js");

    await page.getByRole("main").getByRole("link", { name: "Sign in" }).click();

    const loading = page.getByTestId("loading-view");
    await expect(loading).toBeVisible();
    await expect(loading).toHaveText("Loading ...");
    await expect(loading).toHaveAttribute("role", "status");
    await expect(loading).toHaveCSS("background-color", "rgb(255, 255, 255)");
    await expect(loading.locator(".loading-view__spinner")).toHaveCSS("animation-duration", "0.75s");

    release();
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    await expect(loading).toHaveCount(0);
    await expect(page).toHaveURL(/\/signin$/);
  });

  test("the loading view shows while the first page loads", async ({ page }) => {
    const release = await holdScripts(page, "**/assets/join-*.js");
    await page.goto("/join", { waitUntil: "commit" });
    await expect(page.getByTestId("loading-view")).toBeVisible();
    release();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByTestId("loading-view")).toHaveCount(0);
  });

  test("the landing and about pages arrive rendered, and show without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page).toHaveTitle("Parley · Self-hosted real-time chat");
    await expect(page.getByRole("heading", { name: "Real-time chat you run yourself." })).toBeVisible();
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Sign up" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Open chats" })).toBeHidden();
    // The page's styles came with it: the hero's primary button is the accent colour.
    await expect(page.getByRole("main").getByRole("link", { name: "Create an account" })).toHaveCSS(
      "background-color",
      "rgb(25, 103, 210)",
    );
    await nav.getByRole("link", { name: "About" }).click();
    await expect(page).toHaveTitle("About · Parley");
    await expect(page.getByRole("heading", { name: "About Parley" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "About" })).toHaveAttribute("aria-current", "page");
    await context.close();
  });

  test("the landing page loads its one small script and leads into the app", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (req) => {
      if (req.resourceType() === "script") scripts.push(new URL(req.url()).pathname);
    });
    await page.goto("/", { waitUntil: "networkidle" });
    expect(scripts).toEqual([expect.stringMatching(/^\/assets\/static-page-[\w-]+\.js$/)]);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Sign up" }).click();
    await expect(page).toHaveURL(/\/join$/);
    await expect(page.getByRole("button", { name: "Create account" })).toBeVisible();
  });

  test("a signed-in visitor's landing page offers to open their chats", async ({ page }) => {
    const account = newAccount("Gus");
    await signUpViaUi(page, account);
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Open chats" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Sign up" })).toBeHidden();
    await expect(nav.getByRole("link", { name: "Sign in" })).toBeHidden();
    await nav.getByRole("link", { name: "Open chats" }).click();
    await expect(page).toHaveURL(/\/chats$/);
  });

  test("the landing page fits a 375 px phone screen", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    for (const path of ["/", "/about", "/join", "/signin"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
    }
  });
});

test.describe("accessibility", () => {
  for (const colorScheme of ["light", "dark"] as const) {
    for (const path of ["/", "/join", "/signin", "/about"]) {
      test(`${path} has no serious or critical axe violations (${colorScheme})`, async ({ page }) => {
        await page.emulateMedia({ colorScheme });
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        const results = await new AxeBuilder({ page }).analyze();
        const serious = results.violations
          .filter((v) => v.impact === "serious" || v.impact === "critical")
          .map((v) => ({ id: v.id, help: v.help, targets: v.nodes.map((n) => n.target.join(" ")) }));
        expect(serious).toEqual([]);
      });
    }
  }
});
