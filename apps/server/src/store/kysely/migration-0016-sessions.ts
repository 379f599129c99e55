import { type Kysely, type Migration, sql } from "kysely";

/**
 * Sessions a user can see and revoke (device, IP, last seen), the chat token each one minted,
 * and deactivated accounts (which keep their messages).
 */
export const sessionsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable("sessions")
      .addColumn("user_agent", "text", (c) => c.notNull().defaultTo(""))
      .execute();
    await db.schema
      .alterTable("sessions")
      .addColumn("ip", "text", (c) => c.notNull().defaultTo(""))
      .execute();
    await db.schema.alterTable("sessions").addColumn("last_seen_at", "text").execute();
    await db.schema.alterTable("sessions").addColumn("chat_token_id", "text").execute();
    await sql`update sessions set last_seen_at = created_at`.execute(db);
    await db.schema.createIndex("sessions_chat_token").on("sessions").column("chat_token_id").execute();
    await db.schema.alterTable("accounts").addColumn("deactivated_at", "text").execute();
    await db.schema.alterTable("users").addColumn("deactivated_at", "text").execute();
  },
};
