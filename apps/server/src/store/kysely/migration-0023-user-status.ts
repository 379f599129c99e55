import { type Kysely, type Migration, sql } from "kysely";

/**
 * A user's status (emoji, text, when it clears) and a copy of their Do Not Disturb end, on the
 * user row so that every answer and event rendering a user shows them without another read.
 * `notification_settings.dnd_until` stays the setting; `users.dnd_until` follows it in the same
 * unit of work (domain/users/user-updated.ts).
 */
export const userStatusMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("users").addColumn("status_emoji", "text").execute();
    await db.schema.alterTable("users").addColumn("status_text", "text").execute();
    await db.schema.alterTable("users").addColumn("status_expires_at", "text").execute();
    await db.schema.alterTable("users").addColumn("dnd_until", "text").execute();
    await sql`update users set dnd_until = (select n.dnd_until from notification_settings n where n.user_id = users.id)`.execute(
      db,
    );
  },
};
