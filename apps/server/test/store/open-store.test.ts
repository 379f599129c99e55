import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config.js";
import { openStore } from "../../src/store/open-store.js";
import { requirePostgres } from "../helpers/required-services.js";
import { createTestSchema } from "./pg-test-schema.js";

const url = process.env.DATABASE_URL;

describe("database configuration", () => {
  it("has pool, timeout and TLS defaults", () => {
    const c = loadConfig({});
    expect([c.dbPoolSize, c.dbStatementTimeoutMs, c.dbSsl]).toEqual([10, 5000, "disable"]);
    const set = loadConfig({ DB_POOL_SIZE: "25", DB_STATEMENT_TIMEOUT_MS: "0", DB_SSL: "verify-full" });
    expect([set.dbPoolSize, set.dbStatementTimeoutMs, set.dbSsl]).toEqual([25, 0, "verify-full"]);
  });

  it.each([
    ["DB_POOL_SIZE", "0"],
    ["DB_POOL_SIZE", "ten"],
    ["DB_STATEMENT_TIMEOUT_MS", "-1"],
    ["DB_STATEMENT_TIMEOUT_MS", "1.5"],
    ["DB_SSL", "prefer"],
  ])("rejects %s=%s naming the variable", (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Invalid configuration:\\n\\s+${name}:`));
  });

  it("opens SQLite in DATA_DIR without DATABASE_URL", async () => {
    const dir = mkdtempSync(join(tmpdir(), "parley-open-"));
    try {
      const store = await openStore(loadConfig({ DATA_DIR: dir }));
      expect(store.dialect).toBe("sqlite");
      await store.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.skipIf(!url)("opens PostgreSQL with DATABASE_URL", async () => {
    await requirePostgres();
    const schema = await createTestSchema(url!);
    try {
      const u = new URL(url!);
      u.searchParams.set("options", `-c search_path=${schema.name}`);
      const store = await openStore(loadConfig({ DATABASE_URL: u.toString(), DB_POOL_SIZE: "2" }));
      expect(store.dialect).toBe("postgres");
      await store.ping();
      await store.close();
    } finally {
      await schema.drop();
    }
  });
});
