import { afterAll, beforeAll, expect, test } from "vitest";
import { startTestServer, type TestServer, uniqueName } from "../../helpers/test-server.js";
import { authedSocket, rawSocket } from "../../helpers/ws-client.js";

/**
 * No password, session token, chat token, server token or the app secret ever reaches the log,
 * whatever the request: sign-up, sign-in (right and wrong), profile, sign-out, REST calls with a
 * bearer token (good, forged, revoked), WebSocket auth (good and bad), server-side tokens acting
 * for a user, and requests that fail. The log is captured at `trace`, the most verbose level.
 */
let s: TestServer;

beforeAll(async () => {
  s = await startTestServer({ LOG_LEVEL: "trace" });
});
afterAll(() => s.close());

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${s.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

test("the captured log holds no password, token or secret", async () => {
  const secrets: string[] = [s.appSecret];
  const password = `pw-${uniqueName()}-secret`;
  const username = uniqueName("logs");
  const up = await post("/api/auth", { action: "signup", username, displayName: "Logs", password });
  expect(up.status).toBe(201);
  secrets.push(password, up.body.token, up.body.streamToken);

  const wrongPassword = `wrong-${uniqueName()}-secret`;
  secrets.push(wrongPassword);
  expect((await post("/api/auth", { action: "signin", username, password: wrongPassword })).status).toBe(401);
  const unknown = await post("/api/auth", {
    action: "signin",
    username: uniqueName("x"),
    password: wrongPassword,
  });
  expect(unknown.status).toBe(401);
  const inn = await post("/api/auth", { action: "signin", username, password });
  secrets.push(inn.body.token, inn.body.streamToken);
  // A password that breaks a rule, and a malformed body carrying one.
  await post("/api/auth", { action: "signup", username: uniqueName(), displayName: "x", password: "short" });
  secrets.push(`broken-${password}`);
  await post("/api/auth", `{"action":"signin","username":"${username}","password":"broken-${password}"`);

  const profile = await fetch(`${s.url}/api/profile`, {
    method: "PATCH",
    headers: { "content-type": "application/json", authorization: `Bearer ${inn.body.token}` },
    body: JSON.stringify({ displayName: "Logs 2" }),
  });
  expect(profile.status).toBe(200);

  expect((await s.chat(inn.body.streamToken, "GET", "/me")).status).toBe(200);
  const forged = `${inn.body.streamToken.slice(0, -4)}AAAA`;
  secrets.push(forged);
  expect((await s.chat(forged, "GET", "/me")).status).toBe(401);
  const server = await s.serverToken();
  secrets.push(server);
  expect((await s.chat(server, "GET", `/me?user_id=${username}`)).status).toBe(200);
  expect((await s.chat(server, "GET", "/me")).status).toBe(400);
  expect(
    (await s.chat(inn.body.streamToken, "POST", "/channels/messaging/x/messages", { nope: 1 })).status,
  ).toBe(400);

  const sock = await authedSocket(s.wsUrl, s.apiKey, inn.body.streamToken);
  sock.close();
  const bad = await rawSocket(s.wsUrl);
  bad.send({ type: "auth", api_key: s.apiKey, token: forged });
  await bad.closed;

  expect((await post("/api/auth", { action: "signout", token: up.body.token })).status).toBe(204);
  expect((await s.chat(up.body.streamToken, "GET", "/me")).status).toBe(401);
  expect((await post("/api/auth", { action: "signout", token: up.body.token })).status).toBe(401);

  await new Promise((r) => setTimeout(r, 100));
  const log = s.logs.join("");
  expect(s.logs.length).toBeGreaterThan(20);
  for (const secret of secrets)
    expect(log.includes(secret), `log contains ${secret.slice(0, 12)}…`).toBe(false);
  // No JWT of any kind, and no bearer header value.
  expect(log).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/);
  expect(log).not.toMatch(/Bearer\s+[A-Za-z0-9]/i);
});
