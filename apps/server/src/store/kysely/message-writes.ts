import type { MessagesTable } from "../schema.js";
import type { EventRow } from "../store.js";
import type { Db } from "./executor.js";

/** The writes of a send (MessageRepo.insertNew), one statement each or together in a WITH. */
export const insertMessage = (db: Db, row: MessagesTable) => db.insertInto("messages").values(row);

export const insertEvent = (db: Db, row: EventRow) => db.insertInto("events").values(row);

/** A new message, for the notification worker to look at after the commit (notify/push). */
export const queueForNotify = (db: Db, m: Pick<MessagesTable, "id" | "cid" | "created_at">) =>
  db.insertInto("notify_queue").values({ message_id: m.id, cid: m.cid, created_at: m.created_at });

/** Its sender has read a new message. */
export const readBySender = (
  db: Db,
  m: Pick<MessagesTable, "cid" | "user_id" | "seq" | "created_at" | "id">,
) =>
  db
    .updateTable("members")
    .set({ last_read_seq: m.seq, last_read_at: m.created_at, last_read_message_id: m.id })
    .where("cid", "=", m.cid)
    .where("user_id", "=", m.user_id);
