import { existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import SQLite from "better-sqlite3";

/**
 * SQLite's online backup API: a consistent copy of the database while the server keeps
 * writing (it reads through its own connection and restarts a page pass if a write lands).
 */
export async function backupSqlite(dataDir: string, destination: string): Promise<{ pages: number }> {
  const source = join(dataDir, "parley.db");
  if (!existsSync(source)) throw new Error(`no database at ${source}`);
  const db = new SQLite(source, { readonly: true, fileMustExist: true });
  try {
    const result = await db.backup(destination);
    return { pages: result.totalPages };
  } finally {
    db.close();
  }
}

/** Replaces DATA_DIR's database with a backup. The server must be stopped. */
export function restoreSqlite(backupFile: string, dataDir: string): void {
  const check = new SQLite(backupFile, { readonly: true, fileMustExist: true });
  try {
    const [row] = check.pragma("integrity_check") as { integrity_check: string }[];
    if (row?.integrity_check !== "ok") throw new Error(`${backupFile} fails its integrity check`);
  } finally {
    check.close();
  }
  mkdirSync(dataDir, { recursive: true });
  const target = join(dataDir, "parley.db");
  const staged = `${target}.restoring`;
  const copy = new SQLite(backupFile, { readonly: true });
  try {
    copy.exec(`VACUUM INTO '${staged.replaceAll("'", "''")}'`);
  } finally {
    copy.close();
  }
  for (const suffix of ["-wal", "-shm"]) rmSync(`${target}${suffix}`, { force: true });
  renameSync(staged, target);
}
