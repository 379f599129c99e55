import { describe, expect, it } from "vitest";
import { memoryAttemptLimiter } from "../../src/domain/accounts/attempt-limiter.js";
import { hashPassword, verifyPassword } from "../../src/domain/accounts/passwords.js";
import { hashSessionToken, newSessionToken } from "../../src/domain/accounts/session-tokens.js";

describe("passwords", () => {
  it("hashes with scrypt and a per-user salt", async () => {
    const a = await hashPassword("correct horse");
    const b = await hashPassword("correct horse");
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain("correct horse");
  });

  it("verifies the right password only", async () => {
    const h = await hashPassword("correct horse");
    expect(await verifyPassword("correct horse", h)).toBe(true);
    expect(await verifyPassword("correct horsE", h)).toBe(false);
    expect(await verifyPassword("correct horse", "garbage")).toBe(false);
  });
});

describe("session tokens", () => {
  it("are 256-bit random and stored only as a hash", () => {
    const { token, hash } = newSessionToken();
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    expect(hash).toBe(hashSessionToken(token));
    expect(hash).not.toBe(token);
    expect(newSessionToken().token).not.toBe(token);
  });
});

describe("attempt limiter", () => {
  it("allows max attempts per window, then says how long to wait", async () => {
    const l = memoryAttemptLimiter(3, 1000);
    expect([await l.take("k", 0), await l.take("k", 1), await l.take("k", 2)]).toEqual([0, 0, 0]);
    expect(await l.take("k", 500)).toBe(500);
    expect(await l.take("other", 500)).toBe(0);
    expect(await l.take("k", 1000)).toBe(0);
    await l.reset("k");
    expect(await l.take("k", 1001)).toBe(0);
  });
});
