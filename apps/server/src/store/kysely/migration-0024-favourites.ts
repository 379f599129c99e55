import type { Kysely, Migration } from "kysely";

/** Favourites: a member may star a channel; starred channels lead the member's sidebar. */
export const favouritesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable("members")
      .addColumn("starred", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
