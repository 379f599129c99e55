import SQLite from "better-sqlite3";
import { Kysely, NoResultError, SqliteDialect } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PreparedQueries } from "../../src/store/kysely/prepared.js";
import type { Database } from "../../src/store/schema.js";
import { sqliteQueries } from "../../src/store/sqlite/dialect-queries-sqlite.js";

let db: Kysely<Database>;
beforeAll(async () => {
  db = new Kysely<Database>({ dialect: new SqliteDialect({ database: new SQLite(":memory:") }) });
  await db.schema
    .createTable("users")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text")
    .addColumn("image", "text")
    .execute();
});
afterAll(() => db.destroy());

type User = { id: string; name: string | null; image: string | null };
const insert = (q: PreparedQueries, row: Partial<User>) =>
  q.run(db, "users.insert", [row], (row) => db.insertInto("users").values(row as Database["users"]));
const byId = (q: PreparedQueries, id: string) =>
  q.first(db, "users.get", [id], (id) =>
    db.selectFrom("users").select(["id", "name", "image"]).where("id", "=", id),
  );

describe("PreparedQueries", () => {
  it("builds a query once and runs it with each call's values", async () => {
    const q = new PreparedQueries(sqliteQueries);
    let builds = 0;
    const get = (id: string) =>
      q.first(db, "counted.get", [id], (id) => {
        builds++;
        return db.selectFrom("users").select("name").where("id", "=", id);
      });
    await insert(q, { id: "a", name: "Ann", image: null });
    await insert(q, { id: "b", name: "Bob", image: "b.png" });
    expect(await get("a")).toEqual({ name: "Ann" });
    expect(await get("b")).toEqual({ name: "Bob" });
    expect(await get("zz")).toBeUndefined();
    expect(builds).toBe(1);
    expect(await byId(q, "b")).toEqual({ id: "b", name: "Bob", image: "b.png" });
  });

  it("treats the fields a patch defines as its shape, and leaves out undefined ones", async () => {
    const q = new PreparedQueries(sqliteQueries);
    await insert(q, { id: "p", name: "P", image: "p.png" });
    const patch = (id: string, p: Partial<User>) =>
      q.run(db, "users.patch", [id, p], (id, p) =>
        db
          .updateTable("users")
          .set(p as Partial<Database["users"]>)
          .where("id", "=", id),
      );
    await patch("p", { name: "Pat" });
    expect(await byId(q, "p")).toEqual({ id: "p", name: "Pat", image: "p.png" });
    await patch("p", { image: "new.png", name: undefined });
    expect(await byId(q, "p")).toEqual({ id: "p", name: "Pat", image: "new.png" });
    await patch("p", { image: null, name: "Patricia" });
    expect(await byId(q, "p")).toEqual({ id: "p", name: "Patricia", image: null });
    // The same fields in the other order: each value still goes to its own column.
    await patch("p", { name: "Pia", image: "a.png" });
    expect(await byId(q, "p")).toEqual({ id: "p", name: "Pia", image: "a.png" });
  });

  it("keeps constants written in the query", async () => {
    const q = new PreparedQueries(sqliteQueries);
    await insert(q, { id: "c", name: "C", image: "c.png" });
    const clear = (id: string) =>
      q.run(db, "users.clear", [id], (id) =>
        db.updateTable("users").set({ image: "none" }).where("id", "=", id).returning("image"),
      );
    expect(await clear("c")).toEqual([{ image: "none" }]);
    expect(await clear("nobody")).toEqual([]);
  });

  it("throws Kysely's NoResultError from `only` when no row comes back", async () => {
    const q = new PreparedQueries(sqliteQueries);
    const rename = (id: string) =>
      q.only(db, "users.rename", [id], (id) =>
        db.updateTable("users").set({ name: "R" }).where("id", "=", id).returning("name"),
      );
    await insert(q, { id: "r", name: "x", image: null });
    expect(await rename("r")).toEqual({ name: "R" });
    await expect(rename("missing")).rejects.toBeInstanceOf(NoResultError);
  });

  it("takes a list's items as values and its length as part of the shape", async () => {
    const q = new PreparedQueries(sqliteQueries);
    for (const id of ["l1", "l2", "l3"]) await insert(q, { id, name: id, image: null });
    let builds = 0;
    const names = async (ids: string[]) => {
      const rows = await q.run(db, "users.names", [ids], (ids) => {
        builds++;
        return db.selectFrom("users").select("name").where("id", "in", ids).orderBy("name");
      });
      return rows.map((r) => r.name);
    };
    expect(await names(["l1"])).toEqual(["l1"]);
    expect(await names(["l3"])).toEqual(["l3"]);
    expect(await names(["l2", "l3"])).toEqual(["l2", "l3"]);
    expect(await names(["l1", "nobody"])).toEqual(["l1"]);
    expect(builds).toBe(2);
    const long = Array.from({ length: 100 }, (_, i) => `x${i}`);
    expect(await names([...long, "l2"])).toEqual(["l2"]);
    expect(await names([...long, "l3"])).toEqual(["l3"]);
    expect(builds).toBe(4);
  });

  it("refuses a query that does not pass every argument as a parameter", async () => {
    const q = new PreparedQueries(sqliteQueries);
    await expect(
      q.run(db, "users.ignores", ["a"], (_id) => db.selectFrom("users").select("id").where("id", "=", "a")),
    ).rejects.toThrow(/every argument must be a parameter/);
    const rows = [{ id: "r1" }, { id: "r2" }];
    await expect(
      q.run(db, "users.rows", [rows], (rows) => db.insertInto("users").values(rows as Database["users"][])),
    ).rejects.toThrow(/every argument must be a parameter/);
  });
});
