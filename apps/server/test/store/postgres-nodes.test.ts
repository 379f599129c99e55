import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { coreMigrations } from "../../src/store/kysely/migrations.js";
import { openPostgresStore } from "../../src/store/postgres/postgres-store.js";
import type { Store } from "../../src/store/store.js";
import { requirePostgres } from "../helpers/required-services.js";
import { createTestSchema, type TestSchema } from "./pg-test-schema.js";

const url = process.env.DATABASE_URL;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Several server nodes = several pools on one database. */
describe.skipIf(!url)("PostgreSQL with several nodes", () => {
  let schema: TestSchema;
  let nodes: Store[] = [];

  beforeAll(requirePostgres);
  beforeAll(async () => {
    schema = await createTestSchema(url!);
    // Three nodes starting at once on an empty schema: the migration lock lets one migrate.
    nodes = await Promise.all([1, 2, 3].map(() => openPostgresStore({ url: url!, schema: schema.name })));
  });
  afterAll(async () => {
    await Promise.all(nodes.map((n) => n.close()));
    await schema?.drop();
  });

  it("runs each migration exactly once when nodes start together", async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string }>(
        `select name from ${schema.name}.kysely_migration order by name`,
      );
      expect(rows.map((r) => r.name)).toEqual(Object.keys(coreMigrations).sort());
    } finally {
      await client.end();
    }
  });

  it("allocates gapless seqs, in commit order, to concurrent writers on two pools", async () => {
    const [a, b, checker] = nodes as [Store, Store, Store];
    await a.channelTypes.put({
      name: "seqtest",
      config: {},
      created_at: new Date().toISOString(),
      policies: null,
    });
    const cid = `seqtest:c${Date.now()}`;
    await a.channels.insert({
      cid,
      type: "seqtest",
      id: cid.slice(8),
      name: "",
      image: "",
      created_by_id: "x",
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
      last_message_at: null,
      member_count: 0,
      is_direct: false,
      deleted_at: null,
      truncated_at: null,
      truncated_seq: 0,
      last_seq: 0,
    });
    const n = 120;
    const unordered: number[] = [];
    const write = (store: Store, i: number) =>
      store.transaction(async (tx) => {
        const seq = await tx.channels.nextSeq(cid);
        // Holding the channel row lock: every smaller seq must already be committed.
        const below = await checker.events.range(cid, 0, seq - 1, 10_000);
        if (below.length !== seq - 1) unordered.push(seq);
        await sleep(Math.random() * 3);
        if (i % 10 === 3) throw new Error("rolled back");
        await tx.events.insert({
          cid,
          seq,
          type: "t",
          payload: `{"i":${i}}`,
          created_at: new Date().toISOString(),
        });
        return seq;
      });
    const results = await Promise.allSettled(
      Array.from({ length: n }, (_, i) => write(i % 2 === 0 ? a : b, i)),
    );
    const committed = results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
    const rolledBack = results.filter((r) => r.status === "rejected");
    expect(rolledBack).toHaveLength(n / 10);
    for (const r of rolledBack) expect((r as PromiseRejectedResult).reason.message).toBe("rolled back");
    const want = Array.from({ length: n - n / 10 }, (_, i) => i + 1);
    expect(committed.sort((x, y) => x - y)).toEqual(want);
    expect(unordered).toEqual([]);
    expect((await checker.events.range(cid, 0, 10_000, 10_000)).map((e) => e.seq)).toEqual(want);
    expect((await checker.channels.get(cid))?.last_seq).toBe(want.length);
  });
});
