import { join } from "node:path";
import type { Config } from "../config.js";
import { openPostgresStore } from "./postgres/postgres-store.js";
import { openSqliteStore } from "./sqlite/sqlite-store.js";
import type { Store } from "./store.js";

export type StoreConfig = Pick<
  Config,
  "dataDir" | "databaseUrl" | "dbPoolSize" | "dbStatementTimeoutMs" | "dbSsl"
>;

/** DATABASE_URL unset → SQLite in DATA_DIR; postgres:// → PostgreSQL. */
export async function openStore(config: StoreConfig, onPoolError?: (err: Error) => void): Promise<Store> {
  if (config.databaseUrl) {
    return openPostgresStore({
      url: config.databaseUrl,
      poolSize: config.dbPoolSize,
      statementTimeoutMs: config.dbStatementTimeoutMs,
      ssl: config.dbSsl,
      onPoolError,
    });
  }
  return openSqliteStore({ filename: join(config.dataDir, "parley.db") });
}
