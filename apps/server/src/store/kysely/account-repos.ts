import { sql } from "kysely";
import type { AccountRepo, RevokedTokenRepo, SessionRepo, UserRepo } from "../store.js";
import { type Db, escapeClause, likePrefix } from "./executor.js";
import { banInForce } from "./moderation-repos.js";
import type { PreparedQueries } from "./prepared.js";
import { USER_COLUMNS, userOf } from "./user-columns.js";

export function accountRepo(db: Db): AccountRepo {
  return {
    async insert(row) {
      await db.insertInto("accounts").values(row).execute();
    },
    get: (id) => db.selectFrom("accounts").selectAll().where("id", "=", id).executeTakeFirst(),
    async update(id, patch) {
      await db.updateTable("accounts").set(patch).where("id", "=", id).execute();
    },
    async count() {
      const r = await db
        .selectFrom("accounts")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },
    list({ text, limit, offset }) {
      let q = db
        .selectFrom("accounts")
        .innerJoin("users", "users.id", "accounts.id")
        .selectAll("accounts")
        .select(["users.role", "users.last_active"]);
      const t = text.trim().toLowerCase();
      if (t) {
        const prefix = likePrefix(t);
        q = q.where((eb) =>
          eb.or([
            sql<boolean>`${eb.ref("accounts.id")} like ${prefix} escape ${escapeClause}`,
            sql<boolean>`lower(${eb.ref("accounts.display_name")}) like ${prefix} escape ${escapeClause}`,
          ]),
        );
      }
      return q.orderBy("accounts.id", "asc").limit(limit).offset(offset).execute();
    },
  };
}

export function sessionRepo(db: Db): SessionRepo {
  return {
    async insert(row) {
      await db.insertInto("sessions").values(row).execute();
    },
    get: (tokenHash) =>
      db.selectFrom("sessions").selectAll().where("token_hash", "=", tokenHash).executeTakeFirst(),
    async revoke(tokenHash, at) {
      const row = await db
        .selectFrom("sessions")
        .selectAll()
        .where("token_hash", "=", tokenHash)
        .executeTakeFirst();
      if (!row || row.revoked_at) return undefined;
      await db.updateTable("sessions").set({ revoked_at: at }).where("token_hash", "=", tokenHash).execute();
      return { ...row, revoked_at: at };
    },
    listLive: (userId, now) =>
      db
        .selectFrom("sessions")
        .selectAll()
        .where("user_id", "=", userId)
        .where("revoked_at", "is", null)
        .where("expires_at", ">", now)
        .orderBy("last_seen_at", "desc")
        .orderBy("created_at", "desc")
        .execute(),
    async revokeAll(userId, at, exceptHash) {
      let q = db
        .updateTable("sessions")
        .set({ revoked_at: at })
        .where("user_id", "=", userId)
        .where("revoked_at", "is", null)
        .where("expires_at", ">", at);
      if (exceptHash !== undefined) q = q.where("token_hash", "!=", exceptHash);
      return q.returningAll().execute();
    },
    async setChatTokenId(tokenHash, chatTokenId) {
      await db
        .updateTable("sessions")
        .set({ chat_token_id: chatTokenId })
        .where("token_hash", "=", tokenHash)
        .execute();
    },
    async touch(chatTokenId, at) {
      await db
        .updateTable("sessions")
        .set({ last_seen_at: at })
        .where("chat_token_id", "=", chatTokenId)
        .execute();
    },
  };
}

/** The user with their app-wide ban in force at `now` (bans are keyed by user and scope: one at most). */
const userWithBan = (db: Db, id: string, now: string) =>
  db
    .selectFrom("users")
    .leftJoin("bans", (join) =>
      join.onRef("bans.user_id", "=", "users.id").on("bans.scope", "=", "*").on(banInForce(now)),
    )
    .select(USER_COLUMNS)
    .select(["bans.user_id as ban_user_id", "bans.reason as ban_reason", "bans.expires_at as ban_expires_at"])
    .where("users.id", "=", id);

export function userRepo(db: Db, prepared: PreparedQueries): UserRepo {
  return {
    async upsert(row) {
      return db
        .insertInto("users")
        .values({ ...row, last_active: null, deleted_at: null, deactivated_at: null })
        .onConflict((oc) =>
          oc.column("id").doUpdateSet({ name: row.name, image: row.image, updated_at: row.updated_at }),
        )
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    get: (id) =>
      prepared.first(db, "users.get", [id], (id) => db.selectFrom("users").selectAll().where("id", "=", id)),
    async getWithAccess(id, tokenId, now) {
      const r =
        tokenId === undefined
          ? await prepared.first(db, "users.getWithAccess", [id, now], (id, now) => userWithBan(db, id, now))
          : await prepared.first(db, "users.getWithAccess.token", [id, now, tokenId], (id, now, tokenId) =>
              userWithBan(db, id, now).select((eb) =>
                eb
                  .exists(eb.selectFrom("revoked_tokens").select("jti").where("jti", "=", tokenId))
                  .as("revoked"),
              ),
            );
      if (!r) return undefined;
      const ban =
        r.ban_user_id === null ? undefined : { reason: r.ban_reason ?? "", expires_at: r.ban_expires_at };
      const revoked = "revoked" in r && Boolean(r.revoked);
      return { user: userOf(r), ban, revoked };
    },
    async getMany(ids) {
      if (ids.length === 0) return [];
      return prepared.run(db, "users.getMany", [[...ids]], (ids) =>
        db.selectFrom("users").selectAll().where("id", "in", ids),
      );
    },
    async setRole(id, role) {
      await db.updateTable("users").set({ role }).where("id", "=", id).execute();
    },
    async idsWithRoles(roles) {
      // `in ()` is an error on PostgreSQL (SQLite accepts it).
      if (roles.length === 0) return [];
      const rows = await db
        .selectFrom("users")
        .select("id")
        .where("role", "in", [...roles])
        .where("deleted_at", "is", null)
        .execute();
      return rows.map((r) => r.id);
    },
    async setDeactivated(id, at) {
      await db.updateTable("users").set({ deactivated_at: at }).where("id", "=", id).execute();
    },
    async setStatus(id, status) {
      await db.updateTable("users").set(status).where("id", "=", id).execute();
    },
    async setDndUntil(id, at) {
      await db.updateTable("users").set({ dnd_until: at }).where("id", "=", id).execute();
    },
    async setLastActive(id, at) {
      await db.updateTable("users").set({ last_active: at }).where("id", "=", id).execute();
    },
    search({ text, excludeId, limit, offset }) {
      let q = db.selectFrom("users").selectAll().where("id", "!=", excludeId).where("deleted_at", "is", null);
      const t = text.trim().toLowerCase();
      if (t) {
        const prefix = likePrefix(t);
        const wordPrefix = `% ${prefix}`;
        q = q.where((eb) =>
          eb.or([
            sql<boolean>`${eb.ref("id")} like ${prefix} escape ${escapeClause}`,
            sql<boolean>`lower(${eb.ref("name")}) like ${prefix} escape ${escapeClause}`,
            sql<boolean>`lower(${eb.ref("name")}) like ${wordPrefix} escape ${escapeClause}`,
          ]),
        );
      }
      return q.orderBy("id", "asc").limit(limit).offset(offset).execute();
    },
  };
}

export function revokedTokenRepo(db: Db, prepared: PreparedQueries): RevokedTokenRepo {
  return {
    async add(jti, expiresAt) {
      await db
        .insertInto("revoked_tokens")
        .values({ jti, expires_at: expiresAt })
        .onConflict((oc) => oc.column("jti").doNothing())
        .execute();
    },
    async has(jti) {
      const r = await prepared.first(db, "revokedTokens.has", [jti], (jti) =>
        db.selectFrom("revoked_tokens").select("jti").where("jti", "=", jti),
      );
      return r !== undefined;
    },
  };
}
