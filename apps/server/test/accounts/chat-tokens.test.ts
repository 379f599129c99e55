import { jwtVerify, SignJWT } from "jose";
import { afterEach, describe, expect, it, vi } from "vitest";
import { chatTokens } from "../../src/domain/auth/chat-tokens.js";
import { DomainError } from "../../src/domain/errors.js";

const secret = "s".repeat(48);

async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return "ok";
  } catch (e) {
    return e instanceof DomainError ? e.code : "other";
  }
}

describe("chat tokens", () => {
  const tokens = chatTokens(secret);

  it("mints user tokens that verify to their user", async () => {
    const t = await tokens.mintUserToken("ana", { tokenId: "tid" });
    expect(await tokens.verify(t)).toMatchObject({ userId: "ana", server: false, tokenId: "tid" });
  });

  it("mints server tokens with no subject", async () => {
    expect(await tokens.verify(await tokens.mintServerToken())).toMatchObject({ userId: null, server: true });
  });

  it("reads and writes standard HS256 JWTs: tokens another library signed, and for it to check", async () => {
    const key = new TextEncoder().encode(secret);
    const theirs = await new SignJWT({})
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject("bo")
      .setJti("j1")
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(key);
    expect(await tokens.verify(theirs)).toMatchObject({ userId: "bo", server: false, tokenId: "j1" });
    const ours = await tokens.mintUserToken("ana", { tokenId: "tid", ttlSeconds: 60 });
    const { payload, protectedHeader } = await jwtVerify(ours, key, { algorithms: ["HS256"] });
    expect(protectedHeader).toMatchObject({ alg: "HS256", typ: "JWT" });
    expect(payload).toMatchObject({ sub: "ana", jti: "tid" });
    expect(payload.exp! - payload.iat!).toBe(60);
    const hs512 = await new SignJWT({})
      .setProtectedHeader({ alg: "HS512" })
      .setSubject("bo")
      .setExpirationTime("1h")
      .sign(key);
    expect(await codeOf(tokens.verify(hs512))).toBe("token_invalid");
  });

  it("rejects expired, forged and malformed tokens with distinct codes", async () => {
    expect(await codeOf(tokens.verify(await tokens.mintUserToken("ana", { ttlSeconds: -10 })))).toBe(
      "token_expired",
    );
    expect(await codeOf(chatTokens("x".repeat(48)).verify(await tokens.mintUserToken("ana")))).toBe(
      "token_invalid",
    );
    expect(await codeOf(tokens.verify("not.a.jwt"))).toBe("token_invalid");
    const noExp = await new SignJWT({})
      .setProtectedHeader({ alg: "HS256" })
      .setSubject("ana")
      .sign(new TextEncoder().encode(secret));
    expect(await codeOf(tokens.verify(noExp))).toBe("token_invalid");
    const none = `${Buffer.from('{"alg":"none"}').toString("base64url")}.${Buffer.from('{"sub":"ana","server":true}').toString("base64url")}.`;
    expect(await codeOf(tokens.verify(none))).toBe("token_invalid");
  });

  describe("once verified", () => {
    afterEach(() => vi.useRealTimers());

    it("still expires a token at its exp", async () => {
      vi.useFakeTimers({ toFake: ["Date"] });
      const t = await tokens.mintUserToken("ana", { ttlSeconds: 60 });
      expect(await codeOf(tokens.verify(t))).toBe("ok");
      vi.setSystemTime(Date.now() + 59_000);
      expect(await codeOf(tokens.verify(t))).toBe("ok");
      vi.setSystemTime(Date.now() + 2_000);
      expect(await codeOf(tokens.verify(t))).toBe("token_expired");
      expect(await codeOf(tokens.verify(t))).toBe("token_expired");
    });

    it("still expires a server token at its exp", async () => {
      vi.useFakeTimers({ toFake: ["Date"] });
      const t = await tokens.mintServerToken(60);
      expect(await codeOf(tokens.verify(t))).toBe("ok");
      vi.setSystemTime(Date.now() + 61_000);
      expect(await codeOf(tokens.verify(t))).toBe("token_expired");
    });

    it("rejects the same claims under another signature", async () => {
      const t = await tokens.mintUserToken("ana");
      expect(await codeOf(tokens.verify(t))).toBe("ok");
      const [header, payload] = t.split(".");
      const forged = `${header}.${payload}.${Buffer.alloc(32, 7).toString("base64url")}`;
      expect(await codeOf(tokens.verify(forged))).toBe("token_invalid");
    });
  });
});
