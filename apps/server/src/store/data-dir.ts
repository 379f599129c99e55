import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** DATA_DIR cannot hold the server's files; the message names the directory and the problem. */
export class DataDirError extends Error {}

const REASONS: Record<string, string> = {
  ENOTDIR: "a part of the path is a file, not a directory",
  EEXIST: "it is a file, not a directory",
  EACCES: "permission denied",
  EPERM: "permission denied",
  EROFS: "the file system is read-only",
  ENOSPC: "no space left on the device",
  EDQUOT: "the disk quota is exhausted",
  ENAMETOOLONG: "the path is too long",
  ELOOP: "the path has a symbolic link loop",
};

/**
 * Creates DATA_DIR when missing and checks that the server can create files in it (the SQLite
 * database, secrets.json, uploads) by writing one and removing it: permission bits alone say
 * nothing for root, nor about a read-only mount.
 */
export function ensureDataDir(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true });
    const probe = join(dir, `.parley-write-check-${randomBytes(6).toString("hex")}`);
    writeFileSync(probe, "");
    rmSync(probe);
  } catch (err) {
    const code = String((err as { code?: unknown }).code);
    const reason = REASONS[code] ? `${REASONS[code]} (${code})` : String((err as Error).message ?? err);
    throw new DataDirError(`cannot use DATA_DIR ${dir}: ${reason}`);
  }
}
