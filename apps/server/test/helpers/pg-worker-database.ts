import pg from "pg";

/**
 * vitest setup file: with DATABASE_URL set, each vitest worker works in a database of its own
 * (`<database>_w<worker>`, created on first use), so the PostgreSQL suite can run two workers.
 * Within one database the test servers' schemas come and go while another worker's migrator
 * lists every schema's tables, and a schema dropped meanwhile fails that migration.
 */
const BASE = "PARLEY_TEST_BASE_DATABASE_URL";

// process.env outlives a test file in its worker; the base URL is kept from the first one.
const base = process.env[BASE] ?? process.env.DATABASE_URL;
const worker = process.env.VITEST_POOL_ID;

if (base && worker) {
  process.env[BASE] = base;
  const u = new URL(base);
  const name = `${decodeURIComponent(u.pathname.slice(1)) || "postgres"}_w${worker}`;
  await ensureDatabase(base, name);
  u.pathname = `/${name}`;
  process.env.DATABASE_URL = u.toString();
}

async function ensureDatabase(url: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const { rowCount } = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (rowCount) return;
    await admin.query(`create database "${name}"`).catch((err: { code?: string }) => {
      // 42P04: created meanwhile by another run of the suite.
      if (err.code !== "42P04") throw err;
    });
  } finally {
    await admin.end();
  }
}
