import type { NotifyLevel } from "@parley/protocol";
import { sql } from "kysely";
import type { DigestQuery, DigestRepo } from "../digest-store.js";
import { type Db, visibleKinds } from "./executor.js";
import { messageOf } from "./row-values.js";
import { regular } from "./unread-rule.js";

const ref = (name: string) => sql.ref(name);

/**
 * What both arms of `pending` ask of a message `m` in channel `c`: a live channel, a regular
 * message after the truncation, not the reader's own nor by someone they muted, in the time window.
 */
const emailable = (q: DigestQuery) => sql<boolean>`(
  ${ref("c.deleted_at")} is null
  and ${regular("m")}
  and ${ref("m.user_id")} <> ${q.userId}
  and ${ref("m.seq")} > ${ref("c.truncated_seq")}
  and ${ref("m.created_at")} > ${q.createdAfter}
  and ${ref("m.created_at")} <= ${q.createdUpTo}
  and not exists (
    select 1 from user_mutes as um
    where um.user_id = ${q.userId} and um.target_id = ${ref("m.user_id")}
  )
)`;

export function digestRepo(db: Db): DigestRepo {
  /** The reader's memberships of channels they may read, of direct channels or not. */
  const memberships = (q: DigestQuery, direct: boolean) =>
    db
      .selectFrom("members as mem")
      .innerJoin("channels as c", "c.cid", "mem.cid")
      .where("mem.user_id", "=", q.userId)
      .where("c.is_direct", "=", direct ? 1 : 0)
      .where(visibleKinds(q.hide, "c", "mem"));

  const columns = [
    "u.name as author_name",
    "c.type as channel_type",
    "c.id as channel_id",
    "c.name as channel_name",
    "c.is_direct as channel_is_direct",
    "mem.notify_level",
    "mem.muted",
    "mem.muted_until",
  ] as const;

  return {
    async recipients(afterUserId, limit) {
      let query = db
        .selectFrom("notification_settings as n")
        .innerJoin("users as u", "u.id", "n.user_id")
        .select([
          "n.user_id",
          "u.role",
          "n.email",
          "n.email_delay_minutes",
          "n.emailed_through",
          "n.default_level",
          "n.dnd_until",
        ])
        .where("n.email", "is not", null)
        .where("n.email_verified", "=", 1)
        .where("n.email_digest", "=", 1)
        .where("u.deleted_at", "is", null);
      if (afterUserId !== null) query = query.where("n.user_id", ">", afterUserId);
      const rows = await query.orderBy("n.user_id").limit(limit).execute();
      return rows.map((r) => ({
        ...r,
        email: r.email as string,
        default_level: r.default_level as NotifyLevel,
      }));
    },

    async pending(q) {
      // Every unread message of a DM, and the unread mentions elsewhere (read through the
      // mentions index, so a busy channel's backlog is never scanned).
      const direct = memberships(q, true)
        .innerJoin("messages as m", (j) =>
          j.onRef("m.cid", "=", "mem.cid").onRef("m.seq", ">", "mem.last_read_seq"),
        )
        .innerJoin("users as u", "u.id", "m.user_id")
        .selectAll("m")
        .select(columns)
        .where(emailable(q));
      const mentions = memberships(q, false)
        .innerJoin("mentions as x", (j) =>
          j
            .onRef("x.cid", "=", "mem.cid")
            .onRef("x.user_id", "=", "mem.user_id")
            .onRef("x.seq", ">", "mem.last_read_seq"),
        )
        .innerJoin("messages as m", "m.id", "x.message_id")
        .innerJoin("users as u", "u.id", "m.user_id")
        .selectAll("m")
        .select(columns)
        .where(emailable(q));
      const rows = await db
        .selectFrom(direct.unionAll(mentions).as("d"))
        .selectAll()
        .orderBy("d.created_at")
        .orderBy("d.id")
        .limit(q.limit)
        .execute();
      return rows.map((r) => {
        const {
          author_name,
          channel_type,
          channel_id,
          channel_name,
          channel_is_direct,
          notify_level,
          muted,
          muted_until,
          ...message
        } = r;
        return {
          message: messageOf(message),
          author_name,
          channel: {
            cid: message.cid,
            type: channel_type,
            id: channel_id,
            name: channel_name,
            is_direct: channel_is_direct === 1,
          },
          member: { notify_level: notify_level as "default", muted: muted === 1, muted_until },
        };
      });
    },

    async advance(userId, through) {
      await db
        .updateTable("notification_settings")
        .set({ emailed_through: through })
        .where("user_id", "=", userId)
        .where((eb) => eb.or([eb("emailed_through", "is", null), eb("emailed_through", "<", through)]))
        .execute();
    },
  };
}
