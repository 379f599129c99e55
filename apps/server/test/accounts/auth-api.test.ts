import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIGNIN_LIMIT_PER_USERNAME } from "../../src/services.js";
import { json, startTestServer, type TestServer, uniqueName } from "../helpers/test-server.js";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

async function auth(body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${s.url}/api/auth`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

const signup = (over: Record<string, unknown> = {}) =>
  auth({
    action: "signup",
    username: uniqueName(),
    displayName: "Ana Lima",
    password: "correct horse",
    ...over,
  });

describe("POST /api/auth signup", () => {
  it("answers 201 with streamToken, token and the user; user.id is the username", async () => {
    const username = uniqueName();
    const r = await signup({ username, profilePicture: "https://example.com/a.png" });
    expect(r.status).toBe(201);
    expect(r.body.user).toEqual({
      id: username,
      displayName: "Ana Lima",
      profilePicture: "https://example.com/a.png",
    });
    expect(r.body.streamToken.split(".")).toHaveLength(3);
    expect(Buffer.from(r.body.token, "base64url").length).toBeGreaterThanOrEqual(16);
    const me = await s.chat(r.body.streamToken, "GET", "/me");
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({
      id: username,
      name: "Ana Lima",
      image: "https://example.com/a.png",
    });
  });

  it("trims the display name and lower-cases the username", async () => {
    const name = uniqueName("Mixed");
    const r = await signup({ username: name, displayName: "  Bo  " });
    expect(r.status).toBe(201);
    expect(r.body.user).toMatchObject({ id: name.toLowerCase(), displayName: "Bo", profilePicture: "" });
  });

  it.each([
    [{ username: "ab" }, "username"],
    [{ username: "has space" }, "username"],
    [{ username: "x".repeat(33) }, "username"],
    [{ displayName: "   " }, "displayName"],
    [{ displayName: "x".repeat(65) }, "displayName"],
    [{ password: "short" }, "password"],
    [{ password: "x".repeat(129) }, "password"],
    [{ profilePicture: "javascript:alert(1)" }, "profilePicture"],
    [{ password: 12345678 }, "password"],
  ])("rejects %j with 400 naming the field", async (over, field) => {
    const r = await signup(over);
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe("validation");
    expect(Object.keys(r.body.error.fields)).toContain(field);
  });

  it("refuses a taken username, case-insensitively, with 409", async () => {
    const username = uniqueName();
    expect((await signup({ username })).status).toBe(201);
    const r = await signup({ username: username.toUpperCase() });
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe("username_taken");
  });
});

describe("POST /api/auth signin and signout", () => {
  it("signs in with the same answer shape", async () => {
    const username = uniqueName();
    await signup({ username });
    const r = await auth({ action: "signin", username: username.toUpperCase(), password: "correct horse" });
    expect(r.status).toBe(200);
    expect(r.body.user).toEqual({ id: username, displayName: "Ana Lima", profilePicture: "" });
    expect(typeof r.body.streamToken).toBe("string");
  });

  it("answers wrong password and unknown user identically", async () => {
    const username = uniqueName();
    await signup({ username });
    const wrong = await auth({ action: "signin", username, password: "wrong horse" });
    const unknown = await auth({ action: "signin", username: uniqueName(), password: "wrong horse" });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.error.code).toBe("invalid_credentials");
  });

  it("rate-limits sign-in attempts per username with 429 and Retry-After", async () => {
    const username = uniqueName();
    await signup({ username });
    const statuses: number[] = [];
    for (let i = 0; i < SIGNIN_LIMIT_PER_USERNAME + 2; i++) {
      statuses.push((await auth({ action: "signin", username, password: "wrong horse" })).status);
    }
    expect(statuses.slice(0, SIGNIN_LIMIT_PER_USERNAME).every((x) => x === 401)).toBe(true);
    const limited = await auth({ action: "signin", username, password: "correct horse" });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe("rate_limited");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("signout revokes the session and its chat token", async () => {
    const r = await signup();
    expect((await s.chat(r.body.streamToken, "GET", "/me")).status).toBe(200);
    expect((await auth({ action: "signout", token: r.body.token })).status).toBe(204);
    const after = await s.chat(r.body.streamToken, "GET", "/me");
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe("token_invalid");
    const again = await auth({ action: "signout", token: r.body.token });
    expect(again.status).toBe(401);
  });

  it("rejects an unknown action, malformed JSON and a body over 16 KiB", async () => {
    const unknown = await auth({ action: "dance" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.code).toBe("bad_request");
    const malformed = await auth("{not json");
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe("bad_request");
    const big = await auth({
      action: "signup",
      username: "abc",
      displayName: "x",
      password: "y".repeat(17 * 1024),
    });
    expect(big.status).toBe(413);
    expect(big.body.error.code).toBe("payload_too_large");
  });

  it("never logs passwords or tokens", async () => {
    const r = await signup({ password: "very secret horse" });
    await auth({ action: "signin", username: r.body.user.id, password: "very secret horse" });
    await s.chat(r.body.streamToken, "GET", "/me");
    const log = s.logs.join("");
    expect(log.length).toBeGreaterThan(0);
    expect(log).not.toContain("very secret horse");
    expect(log).not.toContain(r.body.token);
    expect(log).not.toContain(r.body.streamToken);
  });
});

describe("PATCH /api/profile", () => {
  it("updates the account and the chat user", async () => {
    const r = await signup();
    const res = await fetch(`${s.url}/api/profile`, {
      method: "PATCH",
      headers: { "content-type": "application/json", authorization: `Bearer ${r.body.token}` },
      body: JSON.stringify({ displayName: "New Name", profilePicture: "https://example.com/p.png" }),
    });
    expect(res.status).toBe(200);
    expect((await json(res)).user).toMatchObject({ displayName: "New Name" });
    const me = await s.chat(r.body.streamToken, "GET", "/me");
    expect(me.body.user).toMatchObject({ name: "New Name", image: "https://example.com/p.png" });
  });

  it("needs a live session token", async () => {
    const res = await fetch(`${s.url}/api/profile`, {
      method: "PATCH",
      headers: { "content-type": "application/json", authorization: "Bearer nope" },
      body: JSON.stringify({ displayName: "X" }),
    });
    expect(res.status).toBe(401);
  });
});
