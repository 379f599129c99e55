import type { ConversationRepo, MessageWithUser, UploadRepo } from "../store.js";
import { type Db, visibleKinds } from "./executor.js";
import { messageRepo } from "./message-repos.js";
import type { PreparedQueries } from "./prepared.js";
import { regular } from "./unread-rule.js";

export function conversationRepo(db: Db, prepared: PreparedQueries): ConversationRepo {
  return {
    async addVersion(row) {
      await db.insertInto("message_versions").values(row).execute();
    },
    versions: (messageId, direction, limit) =>
      db
        .selectFrom("message_versions")
        .selectAll()
        .where("message_id", "=", messageId)
        .orderBy("version", direction === 1 ? "asc" : "desc")
        .limit(limit)
        .execute(),
    async deleteVersions(messageId) {
      await db.deleteFrom("message_versions").where("message_id", "=", messageId).execute();
    },
    async addReaction(row) {
      const r = await db
        .insertInto("reactions")
        .values(row)
        .onConflict((oc) => oc.columns(["message_id", "user_id", "type"]).doNothing())
        .executeTakeFirst();
      return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
    },
    removeReaction: (messageId, userId, type) =>
      db
        .deleteFrom("reactions")
        .where("message_id", "=", messageId)
        .where("user_id", "=", userId)
        .where("type", "=", type)
        .returningAll()
        .executeTakeFirst(),
    userReactions: (messageId, userId) =>
      db
        .selectFrom("reactions")
        .selectAll()
        .where("message_id", "=", messageId)
        .where("user_id", "=", userId)
        .orderBy("created_at")
        .execute(),
    async reactionsFor(messageIds) {
      if (messageIds.length === 0) return [];
      return prepared.run(db, "conversation.reactionsFor", [[...messageIds]], (messageIds) =>
        db
          .selectFrom("reactions")
          .selectAll()
          .where("message_id", "in", messageIds)
          .orderBy("created_at", "desc"),
      );
    },
    async setMentions(messageId, cid, seq, userIds) {
      await prepared.run(db, "conversation.clearMentions", [messageId], (messageId) =>
        db.deleteFrom("mentions").where("message_id", "=", messageId),
      );
      if (userIds.length === 0) return;
      await db
        .insertInto("mentions")
        .values(userIds.map((user_id) => ({ message_id: messageId, user_id, cid, seq })))
        .execute();
    },
    unreadMentions: (userId, hide) =>
      db
        .selectFrom("mentions")
        .innerJoin("members", (j) =>
          j.onRef("members.cid", "=", "mentions.cid").on("members.user_id", "=", userId),
        )
        .innerJoin("channels", "channels.cid", "mentions.cid")
        .innerJoin("messages", "messages.id", "mentions.message_id")
        .select("mentions.cid")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("mentions.user_id", "=", userId)
        .where(regular("messages"))
        .where("messages.user_id", "!=", userId)
        .whereRef("mentions.seq", ">", "members.last_read_seq")
        .whereRef("mentions.seq", ">", "channels.truncated_seq")
        .where(visibleKinds(hide, "channels", "members"))
        .groupBy("mentions.cid")
        .execute(),
    async addThreadMember(row) {
      await db
        .insertInto("thread_members")
        .values(row)
        .onConflict((oc) => oc.columns(["parent_id", "user_id"]).doNothing())
        .execute();
    },
    threadMember: (parentId, userId) =>
      db
        .selectFrom("thread_members")
        .selectAll()
        .where("parent_id", "=", parentId)
        .where("user_id", "=", userId)
        .executeTakeFirst(),
    async setThreadRead(parentId, userId, seq) {
      await db
        .updateTable("thread_members")
        .set({ last_read_seq: seq })
        .where("parent_id", "=", parentId)
        .where("user_id", "=", userId)
        .where("last_read_seq", "<", seq)
        .execute();
    },
    async threadMembersFor(parentIds) {
      if (parentIds.length === 0) return [];
      return db
        .selectFrom("thread_members")
        .selectAll()
        .where("parent_id", "in", [...parentIds])
        .execute();
    },
    unreadThreads: (userId, hide) =>
      db
        .selectFrom("thread_members as t")
        .innerJoin("members", (j) => j.onRef("members.cid", "=", "t.cid").on("members.user_id", "=", userId))
        .innerJoin("channels", "channels.cid", "t.cid")
        .innerJoin("messages as r", (j) =>
          j
            .onRef("r.parent_id", "=", "t.parent_id")
            .onRef("r.seq", ">", "t.last_read_seq")
            .on("r.user_id", "!=", userId)
            .on(regular("r")),
        )
        .select(["t.parent_id", "t.cid"])
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("t.user_id", "=", userId)
        .where(visibleKinds(hide, "channels", "members"))
        .groupBy(["t.parent_id", "t.cid"])
        .execute(),
    async pinned(cid, afterSeq, limit): Promise<MessageWithUser[]> {
      const ids = await db
        .selectFrom("messages")
        .select("id")
        .where("cid", "=", cid)
        .where("seq", ">", afterSeq)
        .where("pinned_at", "is not", null)
        .where("type", "=", "regular")
        .orderBy("pinned_at", "desc")
        .limit(limit)
        .execute();
      const repo = messageRepo(db, prepared);
      const out: MessageWithUser[] = [];
      for (const { id } of ids) {
        const m = await repo.getWithUser(id);
        if (m) out.push(m);
      }
      return out;
    },
  };
}

export function uploadRepo(db: Db): UploadRepo {
  return {
    async insert(row) {
      await db.insertInto("uploads").values(row).execute();
    },
    get: (id) => db.selectFrom("uploads").selectAll().where("id", "=", id).executeTakeFirst(),
    async attach(ids, messageId) {
      if (ids.length === 0) return;
      await db
        .updateTable("uploads")
        .set({ message_id: messageId })
        .where("id", "in", [...ids])
        .where("message_id", "is", null)
        .execute();
    },
    forMessage: (messageId) =>
      db
        .selectFrom("uploads")
        .selectAll()
        .where("message_id", "=", messageId)
        .orderBy("created_at")
        .execute(),
    async removeOrphans(before) {
      return db
        .deleteFrom("uploads")
        .where("message_id", "is", null)
        .where("created_at", "<", before)
        .returningAll()
        .execute();
    },
    markDeleted: (messageId, at) =>
      db
        .updateTable("uploads")
        .set({ deleted_at: at })
        .where("message_id", "=", messageId)
        .where("deleted_at", "is", null)
        .returningAll()
        .execute(),
  };
}
