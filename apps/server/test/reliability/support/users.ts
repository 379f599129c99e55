import { join } from "node:path";
import { chatTokens } from "../../../src/domain/auth/chat-tokens.js";
import { openSqliteStore } from "../../../src/store/sqlite/sqlite-store.js";
import type { ChildServer } from "./child-server.js";

export interface SeededUser {
  id: string;
  token: string;
}

/**
 * Creates chat users straight in the child server's SQLite store (through the Store interface)
 * and mints their chat tokens with its APP_SECRET: thousands of users without thousands of
 * scrypt sign-ups. The server reads users from the store on every authentication, so it sees
 * them at once.
 */
export async function seedUsers(server: ChildServer, ids: readonly string[]): Promise<SeededUser[]> {
  const store = await openSqliteStore({ filename: join(server.dataDir, "parley.db") });
  try {
    const now = new Date().toISOString();
    await store.transaction(async (tx) => {
      for (const id of ids) {
        await tx.users.upsert({
          id,
          name: `User ${id}`,
          image: "",
          role: "user",
          created_at: now,
          updated_at: now,
        });
      }
    });
  } finally {
    await store.close();
  }
  const tokens = chatTokens(server.appSecret);
  return Promise.all(ids.map(async (id) => ({ id, token: await tokens.mintUserToken(id) })));
}

/** A server-side token (acts for any user through `user_id`). */
export function serverToken(server: ChildServer): Promise<string> {
  return chatTokens(server.appSecret).mintServerToken();
}

/** Calls the chat REST API of a child server. */
export async function chatCall(
  server: ChildServer,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: any }> {
  const sep = path.includes("?") ? "&" : "?";
  const res = await fetch(`${server.url}/chat${path}${sep}api_key=${server.appKey}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}
