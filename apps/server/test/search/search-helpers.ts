import { join } from "node:path";
import type { MessageSearchResult, SearchMessagesResponse } from "@parley/protocol";
import SQLite from "better-sqlite3";
import pg from "pg";
import type { TestServer } from "../helpers/test-server.js";

export type Params = Record<string, string | number | undefined>;

export function withQuery(path: string, params: Params): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) q.set(k, String(v));
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

/** A chat token for a user seeded straight into the store. */
export const tokenFor = (s: TestServer, userId: string) => s.app.services.tokens.mintUserToken(userId);

export async function searchMessages(s: TestServer, token: string, params: Params) {
  const r = await s.chat(token, "GET", withQuery("/search/messages", params));
  if (r.status !== 200) throw new Error(`search failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body as SearchMessagesResponse;
}

/** Follows `next` to the end; returns every page. */
export async function allPages(s: TestServer, token: string, q: string, limit: number) {
  const pages: MessageSearchResult[][] = [];
  let next: string | undefined;
  do {
    const page = await searchMessages(s, token, { q, limit, next });
    pages.push(page.results);
    next = page.next;
    if (pages.length > 1000) throw new Error("paging does not end");
  } while (next);
  return pages;
}

export const ids = (results: readonly MessageSearchResult[]) => results.map((r) => r.message.id);

/**
 * There is no API to delete a user yet; the test marks one deleted in the database. On
 * PostgreSQL (CI) the test server's schema is not exposed, so every test schema's row with
 * that id is marked (ids are unique per test file).
 */
export async function markUserDeleted(s: TestServer, userId: string): Promise<void> {
  const at = new Date().toISOString();
  if (s.app.store.dialect === "sqlite") {
    const db = new SQLite(join(s.dataDir, "parley.db"));
    try {
      db.prepare("update users set deleted_at = ? where id = ?").run(at, userId);
    } finally {
      db.close();
    }
    return;
  }
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ schema: string }>(
      "select table_schema as schema from information_schema.tables where table_name = 'users'",
    );
    for (const { schema } of rows) {
      await client.query(`update "${schema.replaceAll('"', '""')}".users set deleted_at = $1 where id = $2`, [
        at,
        userId,
      ]);
    }
  } finally {
    await client.end();
  }
}
