import { type Kysely, type Migration, sql } from "kysely";

/**
 * Password reset links (an admin's, or one asked for by email): only the SHA-256 of each token
 * is stored. Also lets a reset by email find an account by its verified address.
 */
export const passwordResetsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("password_resets")
      .addColumn("token_hash", "text", (c) => c.primaryKey())
      .addColumn("user_id", "text", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
      .addColumn("created_by", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("expires_at", "text", (c) => c.notNull())
      .addColumn("used_at", "text")
      .addColumn("voided_at", "text")
      .execute();
    await db.schema.createIndex("password_resets_user").on("password_resets").column("user_id").execute();
    await sql`create index notification_settings_email_lower on notification_settings (lower(email))`.execute(
      db,
    );
  },
};
