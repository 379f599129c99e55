import { type Kysely, type Migration, Migrator, sql } from "kysely";
import type { Database } from "../schema.js";

/**
 * Runs the migrations. Kysely's PostgreSQL adapter holds a session advisory lock
 * (`pg_advisory_lock`) around the whole run and applies it in one transaction, so nodes that
 * start together queue up and the later ones find nothing left to do.
 */
export async function migratePostgres(
  db: Kysely<Database>,
  migrations: Record<string, Migration>,
  /** Separate bookkeeping tables for a separate set of migrations (e.g. the search ones). */
  tableName?: string,
): Promise<void> {
  // The migrator looks for its own tables in every schema unless told which one is ours; in a
  // database shared by several schemas it would otherwise see another schema's table.
  const { rows } = await sql<{ s: string | null }>`select current_schema() as s`.execute(db);
  const schema = rows[0]?.s;
  if (!schema) throw new Error("PostgreSQL: no schema on the search_path exists");
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: schema,
    ...(tableName ? { migrationTableName: tableName, migrationLockTableName: `${tableName}_lock` } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === "Error");
    throw new Error(`database migration ${failed?.migrationName ?? ""} failed: ${String(error)}`, {
      cause: error,
    });
  }
}

/** `create schema if not exists` can still fail when two nodes race; then the schema exists. */
export async function ensureSchema(db: Kysely<Database>, schema: string): Promise<void> {
  try {
    await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
  } catch (err) {
    const { rows } = await sql`select 1 from pg_namespace where nspname = ${schema}`.execute(db);
    if (rows.length === 0) throw err;
  }
}
