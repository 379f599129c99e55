import { randomBytes } from "node:crypto";
import pg from "pg";

export interface TestSchema {
  name: string;
  drop(): Promise<void>;
}

/** A fresh, empty schema, so parallel runs on one database never see each other's rows. */
export async function createTestSchema(url: string): Promise<TestSchema> {
  const name = `parley_test_${randomBytes(6).toString("hex")}`;
  await admin(url, `create schema ${name}`);
  return { name, drop: () => admin(url, `drop schema if exists ${name} cascade`) };
}

async function admin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** `url` with every connection's search_path set to `schema`, the way an operator could set it. */
export function withSchema(url: string, schema: string): string {
  const u = new URL(url);
  u.searchParams.set("options", `-c search_path=${schema}`);
  return u.toString();
}
