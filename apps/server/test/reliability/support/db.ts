import { join } from "node:path";
import SQLite from "better-sqlite3";

export type Db = SQLite.Database;

/**
 * The server's SQLite file, read-only, from outside the server: the tests' independent view of
 * "what is in the store" (WAL lets it read while the server runs).
 */
export function openDb(dataDir: string): Db {
  const db = new SQLite(join(dataDir, "parley.db"), { readonly: true, fileMustExist: true });
  db.pragma("busy_timeout = 5000");
  return db;
}

export interface StoredMessage {
  id: string;
  cid: string;
  user_id: string;
  text: string;
  seq: number;
}

export function messagesOf(db: Db, cid: string): StoredMessage[] {
  return db
    .prepare("select id, cid, user_id, text, seq from messages where cid = ? order by seq")
    .all(cid) as StoredMessage[];
}

export function eventSeqs(db: Db, cid: string): { seq: number; type: string; payload: string }[] {
  return db.prepare("select seq, type, payload from events where cid = ? order by seq").all(cid) as {
    seq: number;
    type: string;
    payload: string;
  }[];
}

export function lastSeqOf(db: Db, cid: string): number {
  const row = db.prepare("select last_seq from channels where cid = ?").get(cid) as
    | { last_seq: number }
    | undefined;
  return Number(row?.last_seq ?? 0);
}
