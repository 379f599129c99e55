import { type SelectQueryBuilder, sql } from "kysely";
import { groupBy } from "../../lib/group-by.js";
import type { Database } from "../schema.js";
import type {
  ChannelRepo,
  ChannelRow,
  ChannelStanding,
  ChannelTypeRepo,
  MemberRepo,
  MemberRow,
  MemberWithUser,
} from "../store.js";
import { readAudience, splitIds } from "./audience.js";
import { type Db, statementsRoundTrip, visibleKinds, writesInWith } from "./executor.js";
import { banInForce } from "./moderation-repos.js";
import { channelNameMatches } from "./name-match.js";
import { type Operand, perChannel } from "./per-channel.js";
import type { PreparedQueries } from "./prepared.js";
import { USER_COLUMNS, type UserColumns, userOf } from "./user-columns.js";

export function channelTypeRepo(db: Db): ChannelTypeRepo {
  return {
    get: (name) => db.selectFrom("channel_types").selectAll().where("name", "=", name).executeTakeFirst(),
    async names() {
      const rows = await db.selectFrom("channel_types").select("name").orderBy("name").execute();
      return rows.map((r) => r.name);
    },
    async put(row) {
      await db
        .insertInto("channel_types")
        .values(row)
        .onConflict((oc) => oc.column("name").doUpdateSet({ config: row.config }))
        .execute();
    },
    async setPolicies(name, policies) {
      await db.updateTable("channel_types").set({ policies }).where("name", "=", name).execute();
    },
  };
}

/** The membership's columns in a `channels.withStanding` row, prefixed apart from the channel's. */
const MEMBER_COLUMNS = [
  "members.cid as m_cid",
  "members.user_id as m_user_id",
  "members.role as m_role",
  "members.created_at as m_created_at",
  "members.hidden as m_hidden",
  "members.muted as m_muted",
  "members.last_read_at as m_last_read_at",
  "members.last_read_message_id as m_last_read_message_id",
  "members.last_read_seq as m_last_read_seq",
] as const;

type StandingRow = ChannelRow & { [K in keyof MemberRow as `m_${K}`]: MemberRow[K] | null } & {
  [K in keyof UserColumns]: UserColumns[K] | null;
} & {
  active_bans: number | string | null;
};

/**
 * Written out field by field: a rest pattern (or a loop over the keys) copied a row on V8's slow
 * path, 7 µs against 0.3, more than the statement saves.
 */
function splitStanding(r: StandingRow): ChannelStanding {
  const channel: ChannelRow = {
    cid: r.cid,
    type: r.type,
    id: r.id,
    name: r.name,
    image: r.image,
    created_by_id: r.created_by_id,
    created_at: r.created_at,
    updated_at: r.updated_at,
    last_message_at: r.last_message_at,
    member_count: r.member_count,
    is_direct: r.is_direct,
    deleted_at: r.deleted_at,
    truncated_at: r.truncated_at,
    truncated_seq: r.truncated_seq,
    last_seq: r.last_seq,
  };
  const member: MemberRow | undefined =
    r.m_user_id === null
      ? undefined
      : {
          cid: r.m_cid as string,
          user_id: r.m_user_id,
          role: r.m_role as string,
          created_at: r.m_created_at as string,
          hidden: r.m_hidden as number,
          muted: r.m_muted as number,
          last_read_at: r.m_last_read_at,
          last_read_message_id: r.m_last_read_message_id,
          last_read_seq: r.m_last_read_seq as number,
        };
  const user = r.u_id === null ? undefined : userOf(r as UserColumns);
  return { channel, member, user, banned: Number(r.active_bans) > 0 };
}

/** The channel of `from` with `userId`'s membership, user row and bans in force at `now`. */
function standingQuery(
  from: SelectQueryBuilder<Database, "channels", object>,
  cid: string,
  userId: string,
  now: string,
) {
  // The membership's columns are null when the user is not a member, the user's when no user.
  return from
    .leftJoin("members", (join) =>
      join.onRef("members.cid", "=", "channels.cid").on("members.user_id", "=", userId),
    )
    .leftJoin("users", (join) => join.on("users.id", "=", userId))
    .selectAll("channels")
    .select(MEMBER_COLUMNS)
    .select(USER_COLUMNS)
    .select((eb) =>
      eb
        .selectFrom("bans")
        .select(eb.fn.countAll<number>().as("n"))
        .where("bans.user_id", "=", userId)
        .where("bans.scope", "in", ["*", cid])
        .where(banInForce(now))
        .as("active_bans"),
    )
    .where("channels.cid", "=", cid);
}

/** The channel's next seq; a message shown in the channel also makes it active at `activeAt`. */
const nextSeqQuery = (db: Db, cid: string, activeAt?: string) =>
  db
    .updateTable("channels")
    .set((eb) => ({
      last_seq: eb("last_seq", "+", 1),
      ...(activeAt === undefined ? {} : { last_message_at: activeAt, updated_at: activeAt }),
    }))
    .where("cid", "=", cid);

export function channelRepo(db: Db, prepared: PreparedQueries): ChannelRepo {
  const readStanding = async (cid: string, userId: string, now: string) => {
    const row = await prepared.first(db, "channels.withStanding", [cid, userId, now], (cid, userId, now) =>
      standingQuery(db.selectFrom("channels"), cid, userId, now),
    );
    return row && splitStanding(row);
  };
  return {
    async insert(row) {
      await db.insertInto("channels").values(row).execute();
    },
    get: (cid) =>
      prepared.first(db, "channels.get", [cid], (cid) =>
        db.selectFrom("channels").selectAll().where("cid", "=", cid),
      ),
    withStanding: readStanding,
    async nextSeqWithStanding(cid, userId, now, activity) {
      if (!writesInWith(db)) {
        const allocated = activity
          ? await prepared.first(db, "channels.nextSeqForMessage.cid", [cid, now], (cid, now) =>
              nextSeqQuery(db, cid, now).returning("cid"),
            )
          : await prepared.first(db, "channels.nextSeq.cid", [cid], (cid) =>
              nextSeqQuery(db, cid).returning("cid"),
            );
        return allocated && readStanding(cid, userId, now);
      }
      // The standing is read by the statement that takes the channel's row lock: it sees the
      // members and bans as of the statement's start, as a read before the transaction would.
      const key = activity ? "channels.nextSeqWithStanding.activity" : "channels.nextSeqWithStanding";
      const row = await prepared.first(db, key, [cid, userId, now], (cid, userId, now) =>
        standingQuery(
          db
            .with("c", () => nextSeqQuery(db, cid, activity ? now : undefined).returningAll())
            .selectFrom("c as channels") as unknown as SelectQueryBuilder<Database, "channels", object>,
          cid,
          userId,
          now,
        ),
      );
      return row && splitStanding(row);
    },
    update: (cid, patch) =>
      prepared.only(db, "channels.update", [cid, patch], (cid, patch) =>
        db.updateTable("channels").set(patch).where("cid", "=", cid).returningAll(),
      ),
    // A no-op UPDATE: portable (SQLite has no FOR UPDATE) and it row-locks on PostgreSQL.
    lock: (cid) =>
      db
        .updateTable("channels")
        .set((eb) => ({ last_seq: eb.ref("last_seq") }))
        .where("cid", "=", cid)
        .returningAll()
        .executeTakeFirst(),
    async lastSeqs(cids) {
      if (cids.length === 0) return [];
      const rows = await db
        .selectFrom("channels")
        .select(["cid", "last_seq"])
        .where("cid", "in", cids)
        .execute();
      return rows.map((r) => ({ cid: r.cid, last_seq: Number(r.last_seq) }));
    },
    async nextSeq(cid) {
      const r = await prepared.only(db, "channels.nextSeq", [cid], (cid) =>
        nextSeqQuery(db, cid).returning("last_seq"),
      );
      return Number(r.last_seq);
    },
    listForUser(q) {
      let query = db
        .selectFrom("channels")
        .innerJoin("members", (j) =>
          j.onRef("members.cid", "=", "channels.cid").on("members.user_id", "=", q.userId),
        )
        .selectAll("channels")
        .where("channels.deleted_at", "is", null)
        .where(visibleKinds(q.hide, "channels", "members"));
      if (q.type) query = query.where("channels.type", "=", q.type);
      if (q.hidden !== undefined) query = query.where("members.hidden", "=", q.hidden ? 1 : 0);
      if (q.muted !== undefined) query = query.where("members.muted", "=", q.muted ? 1 : 0);
      const dir = q.sortDirection === -1 ? sql.raw("desc") : sql.raw("asc");
      const key =
        q.sortField === "last_message_at"
          ? sql`coalesce(channels.last_message_at, channels.created_at)`
          : sql.ref(`channels.${q.sortField}`);
      return query
        .orderBy(sql`${key} ${dir}`)
        .orderBy("channels.cid", "asc")
        .limit(q.limit)
        .offset(q.offset)
        .execute();
    },
    listJoinable(q) {
      if (q.types.length === 0) return Promise.resolve([]);
      let query = db
        .selectFrom("channels")
        .selectAll()
        .where("type", "in", q.types)
        .where("is_direct", "=", 0)
        .where("deleted_at", "is", null)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom("members")
                .select("members.cid")
                .whereRef("members.cid", "=", "channels.cid")
                .where("members.user_id", "=", q.userId),
            ),
          ),
        );
      const text = q.text?.trim().toLowerCase();
      if (text) query = query.where((eb) => channelNameMatches(eb, text));
      return query
        .orderBy(sql`coalesce(channels.last_message_at, channels.created_at) desc`)
        .orderBy("channels.cid", "asc")
        .limit(q.limit)
        .offset(q.offset)
        .execute();
    },
  };
}

/** A channel's first `limit` members by join order, each with their user's columns. */
const firstMembers = (db: Db, cid: Operand<string>, limit: number) =>
  db
    .selectFrom("members")
    .innerJoin("users", "users.id", "members.user_id")
    .selectAll("members")
    .select(USER_COLUMNS)
    .where("members.cid", "=", cid)
    .orderBy("members.created_at", "asc")
    .orderBy("members.user_id", "asc")
    .limit(limit);

type FirstMemberRow = Awaited<ReturnType<ReturnType<typeof firstMembers>["execute"]>>[number];

const memberWithUser = (r: FirstMemberRow): MemberWithUser => ({
  member: {
    cid: r.cid,
    user_id: r.user_id,
    role: r.role,
    created_at: r.created_at,
    hidden: r.hidden,
    muted: r.muted,
    last_read_at: r.last_read_at,
    last_read_message_id: r.last_read_message_id,
    last_read_seq: r.last_read_seq,
  },
  user: userOf(r),
});

export function memberRepo(db: Db, prepared: PreparedQueries): MemberRepo {
  const listWithUsers = async (cid: string, limit: number) =>
    (
      await prepared.run(db, "members.listWithUsers", [cid, limit], (cid, limit) =>
        firstMembers(db, cid, limit),
      )
    ).map(memberWithUser);
  return {
    async insert(row) {
      await db.insertInto("members").values(row).execute();
    },
    get: (cid, userId) =>
      prepared.first(db, "members.get", [cid, userId], (cid, userId) =>
        db.selectFrom("members").selectAll().where("cid", "=", cid).where("user_id", "=", userId),
      ),
    async delete(cid, userId) {
      await db.deleteFrom("members").where("cid", "=", cid).where("user_id", "=", userId).execute();
    },
    async update(cid, userId, patch) {
      await prepared.run(db, "members.update", [cid, userId, patch], (cid, userId, patch) =>
        db.updateTable("members").set(patch).where("cid", "=", cid).where("user_id", "=", userId),
      );
    },
    listWithUsers,
    async listWithUsersIn(cids, limit) {
      if (cids.length === 0 || limit === 0) return new Map();
      if (!statementsRoundTrip(db)) {
        // In the process, a channel's members cost no more read alone, and a long list of them
        // less, than as an arm of a UNION (bench/store/channel-list.ts).
        const lists = new Map<string, MemberWithUser[]>();
        for (const cid of cids) {
          const members = await listWithUsers(cid, limit);
          if (members.length > 0) lists.set(cid, members);
        }
        return lists;
      }
      const rows = await perChannel(
        db,
        prepared,
        "members.listWithUsersIn",
        { cid: { type: "text", values: cids } },
        [limit],
        (c, limit) => firstMembers(db, c.cid, limit),
      );
      return groupBy(rows.map(memberWithUser), (m) => m.member.cid);
    },
    async userIds(cid) {
      // One joined string, as in `audience`.
      const row = await prepared.first(db, "members.userIds", [cid], (cid) =>
        db
          .selectFrom("members")
          .select(sql<string | null>`string_agg(user_id, ',')`.as("ids"))
          .where("cid", "=", cid),
      );
      return splitIds(row?.ids ?? null);
    },
    audience: (cid, senderId) => readAudience(db, prepared, cid, senderId),
    withRoles: (cid) =>
      db
        .selectFrom("members")
        .innerJoin("users", "users.id", "members.user_id")
        .select(["members.user_id", "members.role", "users.role as app_role"])
        .where("members.cid", "=", cid)
        .execute(),
    async count(cid) {
      const r = await db
        .selectFrom("members")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("cid", "=", cid)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },
    async unhideAll(cid) {
      const rows = await prepared.run(db, "members.unhideAll", [cid], (cid) =>
        db
          .updateTable("members")
          .set({ hidden: 0 })
          .where("cid", "=", cid)
          // A literal, so the planner takes the partial index members_hidden even in a generic plan.
          .where("hidden", "=", sql.lit(1))
          .returning("user_id"),
      );
      return rows.map((r) => r.user_id);
    },
    async forUser(userId, cids) {
      if (cids.length === 0) return [];
      return db
        .selectFrom("members")
        .selectAll()
        .where("user_id", "=", userId)
        .where("cid", "in", [...cids])
        .execute();
    },
    async forUsers(cid, userIds) {
      if (userIds.length === 0) return [];
      const rows = await db
        .selectFrom("members")
        .select("user_id")
        .where("cid", "=", cid)
        .where("user_id", "in", [...userIds])
        .execute();
      return rows.map((r) => r.user_id);
    },
    async cidsForUser(userId) {
      const rows = await prepared.run(db, "members.cidsForUser", [userId], (userId) =>
        db.selectFrom("members").select("cid").where("user_id", "=", userId),
      );
      return rows.map((r) => r.cid);
    },
  };
}
