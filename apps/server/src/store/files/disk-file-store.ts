import { createReadStream, createWriteStream, mkdirSync } from "node:fs";
import { open, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import type { FileStore } from "../../domain/uploads/file-store.js";

/** Uploads under DATA_DIR/uploads, one file per random key. */
export function diskFileStore(dir: string): FileStore {
  mkdirSync(dir, { recursive: true });
  const path = (key: string) => {
    if (!/^[a-f0-9]{32}$/.test(key)) throw new Error("invalid storage key");
    return join(dir, key);
  };
  return {
    async save(key, data) {
      const p = path(key);
      try {
        await pipeline(data, createWriteStream(p, { flags: "wx", mode: 0o600 }));
        return (await stat(p)).size;
      } catch (err) {
        await rm(p, { force: true });
        throw err;
      }
    },
    open: (key) => createReadStream(path(key)),
    async head(key, bytes) {
      const fh = await open(path(key), "r");
      try {
        const buf = Buffer.alloc(bytes);
        const { bytesRead } = await fh.read(buf, 0, bytes, 0);
        return buf.subarray(0, bytesRead);
      } finally {
        await fh.close();
      }
    },
    async remove(key) {
      await rm(path(key), { force: true });
    },
  };
}
