import { loadConfig } from "../config.js";
import { backupSqlite, restoreSqlite } from "./sqlite-backup.js";

/**
 * `node apps/server/dist/backup.js backup <file>` — an online backup of the SQLite database
 * (safe while the server runs); `… restore <file>` — put one back (stop the server first).
 * PostgreSQL deployments use pg_dump / pg_restore (docs/operations.md).
 */
async function main(): Promise<void> {
  const [command, file] = process.argv.slice(2);
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new Error("DATABASE_URL is set: back up PostgreSQL with pg_dump (docs/operations.md)");
  }
  if (!file || (command !== "backup" && command !== "restore")) {
    throw new Error("usage: backup.js backup <file> | restore <file>");
  }
  if (command === "backup") {
    const { pages } = await backupSqlite(config.dataDir, file);
    console.log(`backed up ${pages} pages of ${config.dataDir}/parley.db to ${file}`);
  } else {
    restoreSqlite(file, config.dataDir);
    console.log(`restored ${file} into ${config.dataDir}/parley.db`);
  }
}

main().catch((err: unknown) => {
  console.error((err as Error).message);
  process.exit(1);
});
