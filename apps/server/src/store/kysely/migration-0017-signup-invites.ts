import type { Kysely, Migration } from "kysely";

/**
 * Run-time settings an admin changes (one row per setting, its value JSON) and invite links
 * (only each token's SHA-256 is stored).
 */
export const signupInvitesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("app_settings")
      .addColumn("key", "text", (c) => c.primaryKey())
      .addColumn("value", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addColumn("updated_by", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createTable("invites")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("token_hash", "text", (c) => c.notNull().unique())
      .addColumn("created_by", "text", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("expires_at", "text", (c) => c.notNull())
      .addColumn("max_uses", "integer", (c) => c.notNull())
      .addColumn("uses", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("revoked_at", "text")
      // The cids of the channels a new account joins, as a JSON array.
      .addColumn("channels", "text", (c) => c.notNull().defaultTo("[]"))
      .execute();
    await db.schema
      .createIndex("invites_created_by")
      .on("invites")
      .columns(["created_by", "created_at"])
      .execute();
  },
};
