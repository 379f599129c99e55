import type { Kysely, Migration } from "kysely";

/**
 * A channel's topic (one line under its name), and the structured change a system message
 * announces (JSON, null on every other message), which clients render the sentence from.
 */
export const channelTopicMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable("channels")
      .addColumn("topic", "text", (c) => c.notNull().defaultTo(""))
      .execute();
    await db.schema.alterTable("messages").addColumn("system", "text").execute();
  },
};
