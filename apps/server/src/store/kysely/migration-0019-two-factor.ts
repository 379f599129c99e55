import type { Kysely, Migration } from "kysely";

/**
 * Two-factor sign-in: each account's TOTP secret (stored as it is: the server must compute codes
 * from it), its recovery codes (SHA-256 only), the devices that skip the second step for 30 days
 * and the sign-ins waiting for it (both by the SHA-256 of their token).
 */
export const twoFactorMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("two_factor")
      .addColumn("user_id", "text", (c) => c.primaryKey().references("accounts.id").onDelete("cascade"))
      .addColumn("secret", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      // Null until a code of the secret confirmed it.
      .addColumn("enabled_at", "text")
      // The last time step a code was accepted for: that code and older ones are refused.
      .addColumn("last_step", "bigint")
      .execute();
    await db.schema
      .createTable("two_factor_recovery_codes")
      .addColumn("user_id", "text", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
      .addColumn("code_hash", "text", (c) => c.notNull())
      .addColumn("used_at", "text")
      .addPrimaryKeyConstraint("two_factor_recovery_codes_pk", ["user_id", "code_hash"])
      .execute();
    await db.schema
      .createTable("two_factor_devices")
      .addColumn("token_hash", "text", (c) => c.primaryKey())
      .addColumn("user_id", "text", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("expires_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("two_factor_devices_user")
      .on("two_factor_devices")
      .column("user_id")
      .execute();
    await db.schema
      .createTable("two_factor_challenges")
      .addColumn("token_hash", "text", (c) => c.primaryKey())
      .addColumn("user_id", "text", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
      // `verify`: the account has a second factor; `enrol`: it must set one up first.
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("expires_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("two_factor_challenges_expires")
      .on("two_factor_challenges")
      .column("expires_at")
      .execute();
  },
};
