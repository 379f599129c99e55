import type { ThreadsCursor } from "../../store/store.js";
import { decodeCursor, encodeCursor } from "../page-cursor.js";

/** The page cursor of search, over a thread's `last_reply_at` and parent id. */
export const encodeThreadsCursor = (c: ThreadsCursor): string =>
  encodeCursor({ createdAt: c.lastReplyAt, id: c.parentId });

export function decodeThreadsCursor(token: string): ThreadsCursor {
  const { createdAt, id } = decodeCursor(token);
  return { lastReplyAt: createdAt, parentId: id };
}
