import type { Kysely, Migration } from "kysely";

/**
 * Single sign-on: which provider identity (issuer, subject) signs in to which account, and the
 * short-lived tickets of a sign-in in flight (a started login, the one-time code the web app
 * exchanges, a pending link), each keyed by the SHA-256 of its secret and taken once.
 */
export const identitiesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("identities")
      .addColumn("issuer", "text", (c) => c.notNull())
      .addColumn("subject", "text", (c) => c.notNull())
      .addColumn("user_id", "text", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("last_login_at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("identities_pk", ["issuer", "subject"])
      .execute();
    await db.schema.createIndex("identities_user").on("identities").column("user_id").execute();
    await db.schema
      .createTable("sso_tickets")
      .addColumn("hash", "text", (c) => c.primaryKey())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("payload", "text", (c) => c.notNull())
      .addColumn("expires_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("sso_tickets_expiry").on("sso_tickets").column("expires_at").execute();
  },
};
