import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config.js";
import { loadSecrets } from "../src/secrets.js";

describe("config", () => {
  it("has laptop defaults", () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.dataDir.endsWith("data")).toBe(true);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.redisUrl).toBeUndefined();
    expect(c.allowedOrigins).toEqual([]);
    expect(c.presenceGraceMs).toBe(15_000);
  });

  it.each([
    ["PORT", "seventy"],
    ["PORT", "70000"],
    ["DATABASE_URL", "mysql://x"],
    ["REDIS_URL", "http://x"],
    ["APP_SECRET", "short"],
    ["APP_KEY", "bad key!"],
    ["LOG_LEVEL", "loud"],
    ["ALLOWED_ORIGINS", "not a url"],
    ["TRUST_PROXY", "maybe"],
    ["PRESENCE_GRACE_MS", "-1"],
  ])("rejects %s=%s naming the variable", (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Invalid configuration:\\n\\s+${name}:`));
  });

  it("parses a list of allowed origins", () => {
    expect(
      loadConfig({ ALLOWED_ORIGINS: "https://a.example, http://b.example:8080" }).allowedOrigins,
    ).toEqual(["https://a.example", "http://b.example:8080"]);
  });

  const none = {
    appKey: undefined,
    appSecret: undefined,
    vapidPublicKey: undefined,
    vapidPrivateKey: undefined,
  };

  it("generates APP_KEY, APP_SECRET and a VAPID pair on first run and reuses them", () => {
    const dataDir = mkdtempSync(join(tmpdir(), "parley-secrets-"));
    const first = loadSecrets({ dataDir, ...none });
    expect(first.appKey).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(first.appSecret.length).toBeGreaterThanOrEqual(32);
    // An uncompressed P-256 point (65 bytes) and a 32-byte scalar.
    expect(Buffer.from(first.vapid.publicKey, "base64url")).toHaveLength(65);
    expect(Buffer.from(first.vapid.privateKey, "base64url")).toHaveLength(32);
    expect(statSync(join(dataDir, "secrets.json")).mode & 0o777).toBe(0o600);
    const second = loadSecrets({ dataDir, ...none });
    expect(second).toEqual(first);
    expect(JSON.parse(readFileSync(join(dataDir, "secrets.json"), "utf8"))).toEqual({
      appKey: first.appKey,
      appSecret: first.appSecret,
      vapidPublicKey: first.vapid.publicKey,
      vapidPrivateKey: first.vapid.privateKey,
    });
  });

  it("adds a VAPID pair to a secrets file written before push, keeping its app secrets", () => {
    const dataDir = mkdtempSync(join(tmpdir(), "parley-secrets-"));
    const old = { appKey: "oldkey1234", appSecret: "s".repeat(40) };
    writeFileSync(join(dataDir, "secrets.json"), JSON.stringify(old));
    const s = loadSecrets({ dataDir, ...none });
    expect(s).toMatchObject(old);
    expect(loadSecrets({ dataDir, ...none })).toEqual(s);
  });

  it("prefers the environment's secrets", () => {
    const dataDir = mkdtempSync(join(tmpdir(), "parley-secrets-"));
    const vapid = { vapidPublicKey: "p".repeat(87), vapidPrivateKey: "q".repeat(43) };
    const s = loadSecrets({ dataDir, appKey: "key12345", appSecret: "x".repeat(40), ...vapid });
    expect(s).toEqual({
      appKey: "key12345",
      appSecret: "x".repeat(40),
      vapid: { publicKey: vapid.vapidPublicKey, privateKey: vapid.vapidPrivateKey },
    });
    expect(existsSync(join(dataDir, "secrets.json"))).toBe(false);
  });
});
