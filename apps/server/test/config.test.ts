import { mkdtempSync, readFileSync, statSync } from "node:fs";
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

  it("generates APP_KEY and APP_SECRET on first run and reuses them", () => {
    const dataDir = mkdtempSync(join(tmpdir(), "parley-secrets-"));
    const first = loadSecrets({ dataDir, appKey: undefined, appSecret: undefined });
    expect(first.appKey).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(first.appSecret.length).toBeGreaterThanOrEqual(32);
    expect(statSync(join(dataDir, "secrets.json")).mode & 0o777).toBe(0o600);
    const second = loadSecrets({ dataDir, appKey: undefined, appSecret: undefined });
    expect(second).toEqual(first);
    expect(JSON.parse(readFileSync(join(dataDir, "secrets.json"), "utf8"))).toEqual(first);
  });

  it("prefers the environment's secrets", () => {
    const dataDir = mkdtempSync(join(tmpdir(), "parley-secrets-"));
    const s = loadSecrets({ dataDir, appKey: "key12345", appSecret: "x".repeat(40) });
    expect(s).toEqual({ appKey: "key12345", appSecret: "x".repeat(40) });
  });
});
