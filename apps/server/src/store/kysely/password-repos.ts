import { sql } from "kysely";
import type { PasswordRepo } from "../password-store.js";
import type { Db } from "./executor.js";

export function passwordRepo(db: Db): PasswordRepo {
  return {
    async insertReset(row) {
      await db
        .updateTable("password_resets")
        .set({ voided_at: row.created_at })
        .where("user_id", "=", row.user_id)
        .where("used_at", "is", null)
        .where("voided_at", "is", null)
        .execute();
      await db.insertInto("password_resets").values(row).execute();
    },
    reset: (tokenHash) =>
      db.selectFrom("password_resets").selectAll().where("token_hash", "=", tokenHash).executeTakeFirst(),
    async useReset(tokenHash, at) {
      const r = await db
        .updateTable("password_resets")
        .set({ used_at: at })
        .where("token_hash", "=", tokenHash)
        .where("used_at", "is", null)
        .where("voided_at", "is", null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
    async setHash(userId, passwordHash) {
      await db
        .updateTable("accounts")
        .set({ password_hash: passwordHash })
        .where("id", "=", userId)
        .execute();
    },
    async recipient(usernameOrEmail) {
      const key = usernameOrEmail.trim().toLowerCase();
      const r = await db
        .selectFrom("notification_settings")
        .innerJoin("accounts", "accounts.id", "notification_settings.user_id")
        .select(["notification_settings.user_id", "notification_settings.email"])
        .where("notification_settings.email_verified", "=", 1)
        .where("accounts.deactivated_at", "is", null)
        .where("notification_settings.email", "is not", null)
        .where((eb) =>
          eb.or([
            eb("notification_settings.user_id", "=", key),
            eb(sql<string>`lower(${eb.ref("notification_settings.email")})`, "=", key),
          ]),
        )
        .orderBy("notification_settings.user_id")
        .executeTakeFirst();
      return r?.email ? { user_id: r.user_id, email: r.email } : undefined;
    },
  };
}
