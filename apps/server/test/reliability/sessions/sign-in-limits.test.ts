import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIGNIN_LIMIT_PER_USERNAME } from "../../../src/services.js";
import { startTestServer, type TestServer, uniqueName } from "../../helpers/test-server.js";

/**
 * docs/api.md: "Sign-in attempts are limited to 10 per username and 30 per IP address per 15
 * minutes → 429 with Retry-After", and one answer for a wrong username or password. The server
 * trusts X-Forwarded-For here, so each test can come from its own addresses.
 */
let s: TestServer;
let ipCounter = 0;
const nextIp = () => {
  ipCounter++;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

beforeAll(async () => {
  s = await startTestServer({ TRUST_PROXY: "true", LOG_LEVEL: "silent" });
});
afterAll(() => s.close());

async function signin(username: string, password: string, ip: string) {
  const res = await fetch(`${s.url}/api/auth`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": ip },
    body: JSON.stringify({ action: "signin", username, password }),
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

const codeOf = (r: { text: string }) => (JSON.parse(r.text) as { error?: { code: string } }).error?.code;

describe("sign-in attempts", () => {
  it("evaluates at most 10 of 100 parallel wrong-password attempts from one address", async () => {
    const user = await s.signup();
    const ip = nextIp();
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => signin(user.user.id, "wrong horse", ip)),
    );
    const evaluated = answers.filter((a) => a.status === 401);
    const limited = answers.filter((a) => a.status === 429);
    expect(evaluated.length).toBeLessThanOrEqual(SIGNIN_LIMIT_PER_USERNAME);
    expect(evaluated.length + limited.length).toBe(100);
    expect(evaluated.every((a) => codeOf(a) === "invalid_credentials")).toBe(true);
    expect(
      limited.every((a) => codeOf(a) === "rate_limited" && Number(a.headers.get("retry-after")) > 0),
    ).toBe(true);
    // The right password is refused too until the window ends.
    expect((await signin(user.user.id, "correct horse", nextIp())).status).toBe(429);
  });

  it("evaluates at most 10 of 100 parallel attempts spread over 100 addresses", async () => {
    const user = await s.signup();
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => signin(user.user.id, "wrong horse", nextIp())),
    );
    expect(answers.filter((a) => a.status === 401).length).toBeLessThanOrEqual(SIGNIN_LIMIT_PER_USERNAME);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(100 - SIGNIN_LIMIT_PER_USERNAME);
  });

  it("limits one address to 30 attempts whatever the usernames", async () => {
    const ip = nextIp();
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => signin(uniqueName("nobody"), "wrong horse", ip)),
    );
    expect(answers.filter((a) => a.status === 401)).toHaveLength(30);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(10);
  });

  it("answers an unknown user and a wrong password identically: status, headers and body", async () => {
    const user = await s.signup();
    const wrong = await signin(user.user.id, "wrong horse", nextIp());
    const unknown = await signin(uniqueName("ghost"), "wrong horse", nextIp());
    const unknownCased = await signin(user.user.id.toUpperCase().replace(/^./, "Z"), "wrong horse", nextIp());
    for (const other of [unknown, unknownCased]) {
      expect(other.status).toBe(wrong.status);
      expect(other.text).toBe(wrong.text);
      expect(headerShape(other.headers)).toEqual(headerShape(wrong.headers));
    }
    expect(wrong.status).toBe(401);
    expect(codeOf(wrong)).toBe("invalid_credentials");
  });
});

/** Every header and its value, except the ones that differ per request by nature. */
function headerShape(h: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  h.forEach((value, key) => {
    if (key !== "date" && key !== "x-request-id") out[key] = value;
  });
  return out;
}
