import { type ExpressionBuilder, sql } from "kysely";
import type { PageAfter, PollOptionRepo, PollRepo, PollVoteRepo } from "../poll-store.js";
import type { Database } from "../schema.js";
import { type Db, escapeClause, likePrefix } from "./executor.js";
import { bit, pollColumns, pollOf, voteColumns, voteOf } from "./row-values.js";

/** An empty `in` list matches nothing; written out because `in ()` is an error on PostgreSQL. */
const NONE = sql<boolean>`1 = 0`;

/**
 * `(col, id) > (value, lastId)` (or `<` descending), spelled out so both engines use it the
 * same way: the keyset condition of every poll and vote page.
 */
function afterKey(col: string, idCol: string, direction: 1 | -1, after: PageAfter) {
  const op = sql.raw(direction === 1 ? ">" : "<");
  return sql<boolean>`(${sql.ref(col)} ${op} ${after.value} or (${sql.ref(col)} = ${after.value} and ${sql.ref(idCol)} ${op} ${after.id}))`;
}

function orderKey(col: string, idCol: string, direction: 1 | -1) {
  const dir = sql.raw(direction === 1 ? "asc" : "desc");
  return [sql`${sql.ref(col)} ${dir}`, sql`${sql.ref(idCol)} ${dir}`] as const;
}

function optionRepo(db: Db): PollOptionRepo {
  return {
    async insert(row) {
      await db.insertInto("poll_options").values(row).execute();
    },
    get: (id) => db.selectFrom("poll_options").selectAll().where("id", "=", id).executeTakeFirst(),
    async list(pollIds) {
      if (pollIds.length === 0) return [];
      return db
        .selectFrom("poll_options")
        .selectAll()
        .where("poll_id", "in", [...pollIds])
        .orderBy("position", "asc")
        .orderBy("created_at", "asc")
        .orderBy("id", "asc")
        .execute();
    },
    async update(id, patch) {
      await db.updateTable("poll_options").set(patch).where("id", "=", id).execute();
    },
    async delete(id) {
      await db.deleteFrom("poll_votes").where("option_id", "=", id).execute();
      await db.deleteFrom("poll_options").where("id", "=", id).execute();
    },
  };
}

/** The `perGroup` newest votes of each group, with one window function (SQLite ≥ 3.25, PostgreSQL). */
async function newestPer(
  db: Db,
  pollIds: readonly string[],
  isAnswer: boolean,
  partition: "poll_id" | "option_id",
  perGroup: number,
) {
  const rows = await db
    .selectFrom((eb) =>
      eb
        .selectFrom("poll_votes")
        .selectAll()
        .select(
          sql<number>`row_number() over (partition by ${sql.ref(partition)} order by updated_at desc, id desc)`.as(
            "rn",
          ),
        )
        .where("poll_id", "in", [...pollIds])
        .where("is_answer", "=", bit(isAnswer))
        .as("ranked"),
    )
    .select(["id", "poll_id", "option_id", "user_id", "is_answer", "answer_text", "created_at", "updated_at"])
    .where("rn", "<=", perGroup)
    .orderBy("updated_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map(voteOf);
}

function voteRepo(db: Db): PollVoteRepo {
  return {
    async insert(row) {
      await db.insertInto("poll_votes").values(voteColumns(row)).execute();
    },
    async get(id) {
      const r = await db.selectFrom("poll_votes").selectAll().where("id", "=", id).executeTakeFirst();
      return r && voteOf(r);
    },
    async update(id, patch) {
      await db.updateTable("poll_votes").set(patch).where("id", "=", id).execute();
    },
    async delete(id) {
      await db.deleteFrom("poll_votes").where("id", "=", id).execute();
    },
    async forUser(pollId, userId) {
      const rows = await db
        .selectFrom("poll_votes")
        .selectAll()
        .where("poll_id", "=", pollId)
        .where("user_id", "=", userId)
        .orderBy("created_at", "asc")
        .orderBy("id", "asc")
        .execute();
      return rows.map(voteOf);
    },
    async ownVotes(pollIds, userId) {
      if (pollIds.length === 0) return [];
      const rows = await db
        .selectFrom("poll_votes")
        .selectAll()
        .where("poll_id", "in", [...pollIds])
        .where("user_id", "=", userId)
        .orderBy("created_at", "asc")
        .orderBy("id", "asc")
        .execute();
      return rows.map(voteOf);
    },
    async counts(pollIds) {
      if (pollIds.length === 0) return [];
      const rows = await db
        .selectFrom("poll_votes")
        .select(["poll_id", "option_id", "is_answer"])
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("poll_id", "in", [...pollIds])
        .groupBy(["poll_id", "option_id", "is_answer"])
        .execute();
      return rows.map((r) => ({ ...r, is_answer: r.is_answer === 1 }));
    },
    async latestByOption(pollIds, perOption) {
      if (pollIds.length === 0) return [];
      return newestPer(db, pollIds, false, "option_id", perOption);
    },
    async latestAnswers(pollIds, perPoll) {
      if (pollIds.length === 0) return [];
      return newestPer(db, pollIds, true, "poll_id", perPoll);
    },
    async page(q) {
      let query = db.selectFrom("poll_votes").selectAll().where("poll_id", "=", q.pollId);
      if (q.ids) query = q.ids.length ? query.where("id", "in", [...q.ids]) : query.where(NONE);
      if (q.optionIds) {
        query = q.optionIds.length ? query.where("option_id", "in", [...q.optionIds]) : query.where(NONE);
      }
      if (q.userIds)
        query = q.userIds.length ? query.where("user_id", "in", [...q.userIds]) : query.where(NONE);
      if (q.isAnswer !== undefined) query = query.where("is_answer", "=", bit(q.isAnswer));
      const col = `poll_votes.${q.sortField}`;
      if (q.after) query = query.where(afterKey(col, "poll_votes.id", q.direction, q.after));
      const [first, second] = orderKey(col, "poll_votes.id", q.direction);
      const rows = await query.orderBy(first).orderBy(second).limit(q.limit).execute();
      return rows.map(voteOf);
    },
  };
}

/** Polls the viewer may see: own unposted ones, and those posted in live channels they belong to. */
function visibleTo(viewerId: string) {
  return (eb: ExpressionBuilder<Database, "polls">) =>
    eb.or([
      eb.and([
        eb("polls.created_by_id", "=", viewerId),
        eb.not(
          eb.exists(
            eb.selectFrom("messages").select("messages.id").whereRef("messages.poll_id", "=", "polls.id"),
          ),
        ),
      ]),
      eb.exists(
        eb
          .selectFrom("messages")
          .innerJoin("channels", "channels.cid", "messages.cid")
          .innerJoin("members", (j) =>
            j.onRef("members.cid", "=", "messages.cid").on("members.user_id", "=", viewerId),
          )
          .select("messages.id")
          .whereRef("messages.poll_id", "=", "polls.id")
          .where("channels.deleted_at", "is", null)
          .whereRef("messages.seq", ">", "channels.truncated_seq"),
      ),
    ]);
}

export function pollRepo(db: Db): PollRepo {
  return {
    async insert(row) {
      await db.insertInto("polls").values(pollColumns(row)).execute();
    },
    async get(id) {
      const r = await db.selectFrom("polls").selectAll().where("id", "=", id).executeTakeFirst();
      return r && pollOf(r);
    },
    async getMany(ids) {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom("polls")
        .selectAll()
        .where("id", "in", [...ids])
        .execute();
      return rows.map(pollOf);
    },
    async lock(id) {
      const r = await db
        .updateTable("polls")
        .set((eb) => ({ updated_at: eb.ref("updated_at") }))
        .where("id", "=", id)
        .returningAll()
        .executeTakeFirst();
      return r && pollOf(r);
    },
    async update(id, patch) {
      const r = await db
        .updateTable("polls")
        .set(pollColumns(patch))
        .where("id", "=", id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return pollOf(r);
    },
    async delete(id) {
      await db.updateTable("messages").set({ poll_id: null }).where("poll_id", "=", id).execute();
      await db.deleteFrom("poll_votes").where("poll_id", "=", id).execute();
      await db.deleteFrom("poll_options").where("poll_id", "=", id).execute();
      await db.deleteFrom("polls").where("id", "=", id).execute();
    },
    async homes(pollIds) {
      if (pollIds.length === 0) return [];
      const rows = await db
        .selectFrom("messages")
        .select(["messages.poll_id", "messages.id as message_id", "messages.cid"])
        .where("messages.poll_id", "in", [...pollIds])
        .execute();
      return rows.map((r) => ({ poll_id: r.poll_id as string, message_id: r.message_id, cid: r.cid }));
    },
    async query(q) {
      let query = db.selectFrom("polls").selectAll("polls").where(visibleTo(q.viewerId));
      if (q.ids) query = q.ids.length ? query.where("polls.id", "in", [...q.ids]) : query.where(NONE);
      if (q.createdByIds) {
        query = q.createdByIds.length
          ? query.where("polls.created_by_id", "in", [...q.createdByIds])
          : query.where(NONE);
      }
      if (q.cids?.length === 0) query = query.where(NONE);
      else if (q.cids) {
        const cids = [...q.cids];
        query = query.where((eb) =>
          eb.exists(
            eb
              .selectFrom("messages")
              .select("messages.id")
              .whereRef("messages.poll_id", "=", "polls.id")
              .where("messages.cid", "in", cids),
          ),
        );
      }
      if (q.nameEquals !== undefined) query = query.where("polls.name", "=", q.nameEquals);
      if (q.namePrefix !== undefined) {
        const prefix = likePrefix(q.namePrefix.toLowerCase());
        query = query.where(sql<boolean>`lower(polls.name) like ${prefix} escape ${escapeClause}`);
      }
      for (const [flag, on] of Object.entries(q.flags)) {
        const col = flag as keyof typeof q.flags;
        if (on !== undefined) query = query.where(`polls.${col}`, "=", bit(on));
      }
      if (q.votingVisibility) query = query.where("polls.voting_visibility", "=", q.votingVisibility);
      const col = `polls.${q.sortField}`;
      if (q.after) query = query.where(afterKey(col, "polls.id", q.direction, q.after));
      const [first, second] = orderKey(col, "polls.id", q.direction);
      const rows = await query.orderBy(first).orderBy(second).limit(q.limit).execute();
      return rows.map(pollOf);
    },
    options: optionRepo(db),
    votes: voteRepo(db),
  };
}
