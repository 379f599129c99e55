import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatTokens } from "../../src/domain/auth/chat-tokens.js";
import { startTestServer, type TestServer, uniqueName } from "../helpers/test-server.js";
import { authedSocket } from "../helpers/ws-client.js";

let s: TestServer;
let ana: string;
let bob: string;
let carol: { name: string; id: string; token: string };

beforeAll(async () => {
  // TRUST_PROXY: the tests below pick each request's client IP with X-Forwarded-For. The sign-ups
  // here (the admin's included) count for 127.0.0.1: four of its five.
  s = await startTestServer({ RATE_LIMIT_PER_MINUTE: "5", TRUST_PROXY: "true", SINGLE_NODE: "1" });
  [ana, bob] = await Promise.all([s.signup(), s.signup()]).then((r) => r.map((x) => x.streamToken));
  const name = uniqueName("carol");
  const c = await s.signup(name);
  carol = { name, id: c.user.id, token: c.streamToken };
});
afterAll(() => s.close());

/** GET /chat/me with exactly this Authorization header (none when undefined), from `ip`. */
async function me(authorization: string | undefined, ip = "127.0.0.1", query = ""): Promise<number> {
  const headers: Record<string, string> = { "x-forwarded-for": ip };
  if (authorization !== undefined) headers.authorization = authorization;
  const res = await fetch(`${s.url}/chat/me?api_key=${s.apiKey}${query}`, { headers });
  await res.arrayBuffer();
  return res.status;
}

describe("request rate limit (RATE_LIMIT_PER_MINUTE)", () => {
  it("answers 429 with Retry-After past the limit, per token; health, the web app and sockets do not count", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await s.chat(ana, "GET", "/me")).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const res = await fetch(`${s.url}/chat/me?api_key=${s.apiKey}`, {
      headers: { authorization: `Bearer ${ana}` },
    });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await res.json()).toMatchObject({
      error: { code: "rate_limited", message: expect.stringMatching(/at most 5 a minute/) },
    });
    // another token has its own count
    expect((await s.chat(bob, "GET", "/me")).status).toBe(200);
    for (let i = 0; i < 10; i += 1) expect((await fetch(`${s.url}/healthz`)).status).toBe(200);
    // the web app's paths (built or not, in a test run) are never counted
    for (let i = 0; i < 10; i += 1) expect((await fetch(`${s.url}/chats`)).status).not.toBe(429);
    const sock = await authedSocket(s.wsUrl, s.apiKey, bob);
    sock.close();
  });

  it("counts a token for its verified user, however the Authorization header is spelled", async () => {
    const spellings = (t: string) => [`Bearer ${t}`, `bearer  ${t}`, `BEARER\t${t}`];
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push(await me(spellings(carol.token)[i % 3]));
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    // carol's second token (another sign-in) counts for carol too
    const signin = await fetch(`${s.url}/api/auth`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "198.51.100.1" },
      body: JSON.stringify({ action: "signin", username: carol.name, password: "correct horse" }),
    });
    expect(signin.status).toBe(200);
    const second = ((await signin.json()) as { streamToken: string }).streamToken;
    expect(second).not.toBe(carol.token);
    for (const auth of spellings(second)) expect(await me(auth, "198.51.100.1")).toBe(429);
  });

  it("counts a server token for itself, whichever user it acts for", async () => {
    const server = await s.serverToken();
    const ids = [carol.id, s.admin.user.id];
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const auth = i % 2 ? `bearer   ${server}` : `Bearer ${server}`;
      statuses.push(await me(auth, "198.51.100.2", `&user_id=${ids[i % 2]}`));
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it("counts a request without a token, or with one that does not verify, for its IP", async () => {
    const ip = "203.0.113.7";
    // signed with another deployment's secret: its claims (carol's id) must not be trusted
    const forged = await chatTokens("another deployment's secret").mintUserToken(carol.id);
    const invented = [
      undefined,
      "Basic Zm9vOmJhcg==",
      "Bearer not-a-token",
      `Bearer ${forged}`,
      "bearer  x.y.z",
    ];
    const statuses: number[] = [];
    for (const auth of invented) statuses.push(await me(auth, ip));
    statuses.push(await me("Token whatever", ip));
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect(await me(undefined, ip)).toBe(429);
    // another IP has its own count, and a valid token its caller's, even from that IP
    expect(await me("Bearer not-a-token", "203.0.113.8")).toBe(401);
    expect(await me(`Bearer ${bob}`, ip)).toBe(200);
  });
});
