import SQLite from "better-sqlite3";
import pg from "pg";
import { ChannelTypes } from "../../apps/server/src/domain/channels/channel-types.js";
import { openPostgresStore } from "../../apps/server/src/store/postgres/postgres-store.js";
import { openSqliteStore } from "../../apps/server/src/store/sqlite/sqlite-store.js";

/** Who exists and who is in which channel, before a run. */
export interface SeedPlan {
  users: string[];
  channels: { id: string; members: string[]; direct?: boolean }[];
}

export const CHANNEL_TYPE = "messaging";
export const cidOf = (id: string) => `${CHANNEL_TYPE}:${id}`;
const T0 = "2024-01-01T00:00:00.000Z";

type Row = Record<string, string | number>;

function* rows(plan: SeedPlan): Generator<[table: string, row: Row]> {
  for (const id of plan.users) {
    yield ["users", { id, name: `Bench ${id}`, image: "", role: "user", created_at: T0, updated_at: T0 }];
  }
  for (const ch of plan.channels) {
    yield [
      "channels",
      {
        cid: cidOf(ch.id),
        type: CHANNEL_TYPE,
        id: ch.id,
        name: ch.direct ? "" : `Bench ${ch.id}`,
        image: "",
        created_by_id: ch.members[0] ?? "",
        created_at: T0,
        updated_at: T0,
        member_count: ch.members.length,
        is_direct: ch.direct ? 1 : 0,
      },
    ];
    for (const user_id of ch.members) {
      yield ["members", { cid: cidOf(ch.id), user_id, role: "channel_member", created_at: T0 }];
    }
  }
}

/** Runs the real migrations into `file`, then inserts the plan's rows directly (fast, one transaction). */
export async function seedSqlite(file: string, plan: SeedPlan): Promise<void> {
  const store = await openSqliteStore({ filename: file });
  await new ChannelTypes(store, () => new Date()).seed();
  await store.close();
  const db = new SQLite(file);
  const statements = new Map<string, SQLite.Statement>();
  db.transaction(() => {
    for (const [table, row] of rows(plan)) {
      let st = statements.get(table);
      if (!st) {
        const cols = Object.keys(row);
        st = db.prepare(
          `insert into ${table} (${cols.join(", ")}) values (${cols.map((c) => `@${c}`).join(", ")})`,
        );
        statements.set(table, st);
      }
      st.run(row);
    }
  })();
  db.pragma("wal_checkpoint(TRUNCATE)");
  db.close();
}

/** Creates database `name` afresh (from a template when given). */
export async function recreateDatabase(serverUrl: string, name: string, template?: string): Promise<string> {
  const admin = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}${template ? ` template ${template}` : ""}`);
  } finally {
    await admin.end();
  }
  return `${serverUrl}/${name}`;
}

/** Migrates a fresh PostgreSQL database and inserts the plan's rows in multi-row batches. */
export async function seedPostgres(serverUrl: string, name: string, plan: SeedPlan): Promise<string> {
  const url = await recreateDatabase(serverUrl, name);
  const store = await openPostgresStore({ url });
  await new ChannelTypes(store, () => new Date()).seed();
  await store.close();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("begin");
    const batch = new Map<string, Row[]>();
    const flush = async (table: string) => {
      const list = batch.get(table) ?? [];
      if (list.length === 0) return;
      const cols = Object.keys(list[0] as Row);
      const values: (string | number)[] = [];
      const tuples = list.map(
        (r) => `(${cols.map((c) => `$${values.push(r[c] as string | number)}`).join(", ")})`,
      );
      await client.query(`insert into ${table} (${cols.join(", ")}) values ${tuples.join(", ")}`, values);
      batch.set(table, []);
    };
    for (const [table, row] of rows(plan)) {
      const list = batch.get(table) ?? [];
      list.push(row);
      batch.set(table, list);
      // Parents before children: flush everything when a child table's batch is full.
      if (list.length >= 1000) for (const t of ["users", "channels", "members"]) await flush(t);
    }
    for (const t of ["users", "channels", "members"]) await flush(t);
    await client.query("commit");
    await client.query("analyze");
  } finally {
    await client.end();
  }
  return url;
}
