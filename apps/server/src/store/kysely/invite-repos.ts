import { sql } from "kysely";
import type { InvitesTable } from "../schema.js";
import type { InviteRepo, InviteRow, SettingsRepo } from "../store.js";
import type { Db } from "./executor.js";

const inviteOf = (r: InvitesTable): InviteRow => ({
  ...r,
  max_uses: Number(r.max_uses),
  uses: Number(r.uses),
  channels: JSON.parse(r.channels) as string[],
});

export function settingsRepo(db: Db): SettingsRepo {
  return {
    all: () => db.selectFrom("app_settings").selectAll().execute(),
    async put(rows) {
      for (const row of rows) {
        await db
          .insertInto("app_settings")
          .values(row)
          .onConflict((oc) =>
            oc.column("key").doUpdateSet({
              value: row.value,
              updated_at: row.updated_at,
              updated_by: row.updated_by,
            }),
          )
          .execute();
      }
    },
  };
}

export function inviteRepo(db: Db): InviteRepo {
  const get = async (id: string) => {
    const r = await db.selectFrom("invites").selectAll().where("id", "=", id).executeTakeFirst();
    return r && inviteOf(r);
  };
  return {
    async insert(row) {
      await db
        .insertInto("invites")
        .values({ ...row, channels: JSON.stringify(row.channels) })
        .execute();
    },
    get,
    async byTokenHash(tokenHash) {
      const r = await db
        .selectFrom("invites")
        .selectAll()
        .where("token_hash", "=", tokenHash)
        .executeTakeFirst();
      return r && inviteOf(r);
    },
    async list({ createdBy, limit }) {
      let q = db.selectFrom("invites").selectAll();
      if (createdBy !== undefined) q = q.where("created_by", "=", createdBy);
      const rows = await q.orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).execute();
      return rows.map(inviteOf);
    },
    async revoke(id, at) {
      await db
        .updateTable("invites")
        .set({ revoked_at: at })
        .where("id", "=", id)
        .where("revoked_at", "is", null)
        .execute();
      return get(id);
    },
    async use(id, now) {
      const r = await db
        .updateTable("invites")
        .set({ uses: sql`uses + 1` })
        .where("id", "=", id)
        .where("revoked_at", "is", null)
        .where("expires_at", ">", now)
        .whereRef("uses", "<", "max_uses")
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
  };
}
