import type { Kysely, Migration } from "kysely";

/**
 * A user's privacy settings: whether others see how far they have read (read receipts). No row
 * means the defaults, so the table only holds users who changed something.
 */
export const readReceiptsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("privacy_settings")
      .addColumn("user_id", "text", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
      .addColumn("share_read_receipts", "integer", (c) => c.notNull().defaultTo(1))
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
  },
};
