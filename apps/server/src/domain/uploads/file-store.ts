import type { Readable } from "node:stream";

/** Where uploaded bytes live; the domain never touches the file system itself. */
export interface FileStore {
  /** Writes the stream under `key`; removes any partial file when the stream fails. */
  save(key: string, data: Readable): Promise<number>;
  open(key: string): Readable;
  /** Reads up to `bytes` from the start, for sniffing image dimensions. */
  head(key: string, bytes: number): Promise<Uint8Array>;
  remove(key: string): Promise<void>;
}
