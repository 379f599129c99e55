import { invalid } from "./errors.js";

/** Where a page of newest-first results ended: the last row's sort key (a time, then an id). */
export interface PageCursor {
  createdAt: string;
  id: string;
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;
const ID = /^[a-zA-Z0-9_-]{1,64}$/;

/** Opaque to clients: base64url of the JSON pair `[created_at, id]`. */
export function encodeCursor(c: PageCursor): string {
  return Buffer.from(JSON.stringify([c.createdAt, c.id]), "utf8").toString("base64url");
}

/** Anything this server did not mint is a 400 naming `next`. */
export function decodeCursor(token: string): PageCursor {
  const bad = () => invalid("next", "next is not a cursor this server gave");
  if (!/^[A-Za-z0-9_-]+$/.test(token)) throw bad();
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(token, "base64url").toString("utf8"));
  } catch {
    throw bad();
  }
  if (!Array.isArray(value) || value.length !== 2) throw bad();
  const [createdAt, id] = value as unknown[];
  if (typeof createdAt !== "string" || !ISO.test(createdAt) || Number.isNaN(Date.parse(createdAt)))
    throw bad();
  if (typeof id !== "string" || !ID.test(id)) throw bad();
  return { createdAt, id };
}
