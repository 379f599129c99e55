import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { authedSocket } from "../helpers/ws-client.js";

let s: TestServer;
let ana: string;
let bob: string;

beforeAll(async () => {
  s = await startTestServer({ RATE_LIMIT_PER_MINUTE: "5", SINGLE_NODE: "1" });
  [ana, bob] = await Promise.all([s.signup(), s.signup()]).then((r) => r.map((x) => x.streamToken));
});
afterAll(() => s.close());

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
});
