import type { IdentityRepo } from "../identity-store.js";
import type { Db } from "./executor.js";

export function identityRepo(db: Db): IdentityRepo {
  return {
    get: (issuer, subject) =>
      db
        .selectFrom("identities")
        .selectAll()
        .where("issuer", "=", issuer)
        .where("subject", "=", subject)
        .executeTakeFirst(),
    async hasAccount(userId) {
      const r = await db
        .selectFrom("identities")
        .select("subject")
        .where("user_id", "=", userId)
        .executeTakeFirst();
      return r !== undefined;
    },
    async insert(row) {
      const r = await db
        .insertInto("identities")
        .values(row)
        .onConflict((oc) => oc.columns(["issuer", "subject"]).doNothing())
        .executeTakeFirst();
      return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
    },
    async touch(issuer, subject, at) {
      await db
        .updateTable("identities")
        .set({ last_login_at: at })
        .where("issuer", "=", issuer)
        .where("subject", "=", subject)
        .execute();
    },
    async putTicket(row) {
      await db.insertInto("sso_tickets").values(row).execute();
    },
    // One DELETE … RETURNING: of two nodes taking the same ticket at once, one gets it.
    takeTicket: (hash, kind, now) =>
      db
        .deleteFrom("sso_tickets")
        .where("hash", "=", hash)
        .where("kind", "=", kind)
        .where("expires_at", ">", now)
        .returningAll()
        .executeTakeFirst(),
    peekTicket: (hash, kind, now) =>
      db
        .selectFrom("sso_tickets")
        .selectAll()
        .where("hash", "=", hash)
        .where("kind", "=", kind)
        .where("expires_at", ">", now)
        .executeTakeFirst(),
    async pruneTickets(now) {
      const r = await db.deleteFrom("sso_tickets").where("expires_at", "<=", now).executeTakeFirst();
      return Number(r.numDeletedRows);
    },
  };
}
