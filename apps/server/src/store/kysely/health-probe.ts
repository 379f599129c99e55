import { randomBytes, randomUUID } from "node:crypto";
import { type Kysely, sql } from "kysely";
import type { Database } from "../schema.js";

/**
 * What the probe writes: more than a message send does, so a probe that commits says sends can
 * commit too. On SQLite the new row takes fresh pages (or pages a previous probe freed): under a
 * full disk its WAL frames cannot be written, and under `max_page_count` the file cannot grow. A
 * COMMIT of nothing, or a rolled-back write, would not notice either.
 */
const PAD_BYTES = 48 * 1024;

type HealthTables = {
  store_health: { id: string; checked_at: string; pad: string };
};

/**
 * Commits one new row in `store_health` and deletes the older ones (store-health.ts). Not in
 * Kysely's transaction: after SQLITE_FULL SQLite may have rolled the transaction back itself, and
 * the ROLLBACK's own error ("no transaction is active") would then hide the one that matters.
 */
export async function probeWrite(db: Kysely<Database>): Promise<void> {
  const health = db.withTables<HealthTables>();
  const id = randomUUID();
  await health.connection().execute(async (conn) => {
    await sql`begin`.execute(conn);
    try {
      await conn
        .insertInto("store_health")
        .values({ id, checked_at: new Date().toISOString(), pad: randomBytes(PAD_BYTES).toString("base64") })
        .execute();
      await conn.deleteFrom("store_health").where("id", "<>", id).execute();
      await sql`commit`.execute(conn);
    } catch (err) {
      await sql`rollback`.execute(conn).catch(() => undefined);
      throw err;
    }
  });
}
