import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect, sql } from "kysely";
import { afterEach, describe, expect, it, vi } from "vitest";
import { findLimitSlots, inlineLimits } from "../../src/store/sqlite/literal-limits.js";
import { statementCache } from "../../src/store/sqlite/statement-cache.js";

describe("finding a statement's LIMIT parameters", () => {
  it("finds each by its place among the parameters and leaves OFFSET bound", () => {
    const limits = findLimitSlots(
      'select * from "t" where "a" = ? and "b" in (select "b" from "u" limit ?) limit ? offset ?',
    );
    expect(limits?.slots).toEqual([1, 2]);
    expect(inlineLimits(limits!, ["x", 5, 25, 50])).toEqual({
      text: 'select * from "t" where "a" = ? and "b" in (select "b" from "u" limit 5) limit 25 offset ?',
      parameters: ["x", 50],
    });
  });

  it("leaves quoted text alone and answers nothing for a statement without limits", () => {
    expect(findLimitSlots("select 'limit ?' as \"x\" from t where a = ?")).toBeUndefined();
    const limits = findLimitSlots("select 'limit ?', \"offset ?\" from t where a = ? limit ?");
    expect(limits?.slots).toEqual([1]);
    expect(inlineLimits(limits!, ["a", 3])?.text).toBe(
      "select 'limit ?', \"offset ?\" from t where a = ? limit 3",
    );
  });

  it("keeps a limit bound when its value is not a whole number", () => {
    const limits = findLimitSlots("select * from t limit ?")!;
    expect(inlineLimits(limits, [2.5])).toBeUndefined();
    expect(inlineLimits(limits, ["10"])).toBeUndefined();
  });
});

describe("the SQLite statement cache", () => {
  let raw: SQLite.Database;
  afterEach(() => raw?.close());

  function open() {
    raw = new SQLite(":memory:");
    raw.exec("create table t (n integer primary key, label text)");
    const insert = raw.prepare("insert into t (n, label) values (?, ?)");
    for (let n = 1; n <= 10; n++) insert.run(n, `row ${n}`);
    const prepare = vi.spyOn(raw, "prepare");
    const db = new Kysely<{ t: { n: number; label: string } }>({
      dialect: new SqliteDialect({ database: statementCache(raw) }),
    });
    return { db, prepare };
  }

  it("runs each page with its limit written into the SQL, one statement per page size", async () => {
    const { db, prepare } = open();
    const page = (limit: number, offset: number) =>
      db.selectFrom("t").select("n").where("n", ">", 1).orderBy("n").limit(limit).offset(offset).execute();
    expect(await page(3, 0)).toEqual([{ n: 2 }, { n: 3 }, { n: 4 }]);
    expect(await page(3, 3)).toEqual([{ n: 5 }, { n: 6 }, { n: 7 }]);
    expect(await page(2, 0)).toEqual([{ n: 2 }, { n: 3 }]);
    expect(await page(3, 0)).toEqual([{ n: 2 }, { n: 3 }, { n: 4 }]);
    const texts = prepare.mock.calls.map(([text]) => text);
    expect(texts.filter((t) => t.endsWith("limit 3 offset ?"))).toHaveLength(1);
    expect(texts.filter((t) => t.endsWith("limit 2 offset ?"))).toHaveLength(1);
    await db.destroy();
  });

  it("writes limits into statements that change rows too", async () => {
    const { db } = open();
    await sql`delete from t where n in (select n from t order by n desc limit ${2})`.execute(db);
    const rows = await db.selectFrom("t").select("n").orderBy("n", "desc").limit(1).execute();
    expect(rows).toEqual([{ n: 8 }]);
    await db.destroy();
  });
});
