import { execFileSync, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requirePostgres } from "../helpers/required-services.js";
import { startTestServer } from "../helpers/test-server.js";

const url = process.env.DATABASE_URL;
const tools =
  spawnSync("pg_dump", ["--version"]).status === 0 && spawnSync("pg_restore", ["--version"]).status === 0;

/** A database of its own on the server DATABASE_URL points at (pg_dump works per database). */
async function createDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const u = new URL(url!);
  u.pathname = `/${name}`;
  u.search = "";
  return u.toString();
}

async function dropDatabase(name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await admin.end();
  }
}

const made: string[] = [];
afterAll(async () => {
  for (const name of made) await dropDatabase(name);
});

describe.skipIf(!url || !tools)("PostgreSQL backup and restore (docs/operations.md)", () => {
  beforeAll(requirePostgres);

  it("restores a pg_dump into a working server: history, seqs, search and new sends", async () => {
    const tag = randomBytes(4).toString("hex");
    const [source, target] = [`parley_bk_${tag}`, `parley_rs_${tag}`];
    made.push(source, target);
    const sourceUrl = await createDatabase(source);
    const s = await startTestServer({ SINGLE_NODE: "1", DATABASE_URL: sourceUrl });
    const a = await s.signup();
    const path = "/channels/messaging/pgbackup";
    await s.chat(a.streamToken, "POST", `${path}/query`, {});
    for (let i = 0; i < 30; i++) {
      await s.chat(a.streamToken, "POST", `${path}/messages`, { message: { text: `kept ${i} walrus` } });
    }
    const before = (await s.chat(a.streamToken, "GET", `${path}/messages?limit=300`)).body.messages;
    await s.close();

    const dump = join(mkdtempSync(join(tmpdir(), "parley-pgdump-")), "parley.dump");
    execFileSync("pg_dump", ["--format=custom", `--file=${dump}`, sourceUrl]);
    const targetUrl = await createDatabase(target);
    execFileSync("pg_restore", ["--clean", "--if-exists", "--no-owner", `--dbname=${targetUrl}`, dump]);

    const restored = await startTestServer({
      SINGLE_NODE: "1",
      DATABASE_URL: targetUrl,
      APP_KEY: s.apiKey,
      APP_SECRET: s.appSecret,
    });
    const after = (await restored.chat(a.streamToken, "GET", `${path}/messages?limit=300`)).body.messages;
    expect(after.map((m: { id: string }) => m.id)).toEqual(before.map((m: { id: string }) => m.id));
    const found = await restored.chat(a.streamToken, "GET", "/search/messages?q=walrus&limit=100");
    expect(found.body.results).toHaveLength(30);
    const next = await restored.chat(a.streamToken, "POST", `${path}/messages`, {
      message: { text: "after restore" },
    });
    expect(next.status).toBe(201);
    expect(next.body.message.seq).toBeGreaterThan(before.at(-1).seq);
    await restored.close();
  });
});
