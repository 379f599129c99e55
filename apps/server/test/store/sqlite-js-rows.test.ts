import SQLite from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { withJsRows } from "../../src/store/sqlite/js-rows.js";

const db = new SQLite(":memory:");
afterAll(() => db.close());
db.exec(`create table t (id integer primary key, name text, score real, data blob, note text);
  insert into t (name, score, data, note) values ('a', 1.5, x'0102', null), ('b', -2, null, 'n');`);

/** The same statement as better-sqlite3 answers it itself, and through withJsRows. */
const both = (text: string) => ({ own: db.prepare(text), js: withJsRows(db.prepare(text)) });

describe("withJsRows", () => {
  it.each([
    ["every column", "select * from t order by id"],
    ["expressions and NULLs", "select id * 2 as twice, note is null as missing, null as empty from t"],
    ["a column named twice, the later winning", "select name as x, id as x from t order by id"],
    ["no row", "select * from t where id < 0"],
  ])("answers the rows better-sqlite3 answers: %s", (_, text) => {
    const { own, js } = both(text);
    expect(js.reader).toBe(true);
    expect(js.all([])).toEqual(own.all());
    expect([...js.iterate([])]).toEqual([...own.iterate()]);
  });

  it("binds the parameters it is given", () => {
    const { own, js } = both("select name, score from t where id = ? or name = ?");
    expect(js.all([1, "b"])).toEqual(own.all(1, "b"));
    expect(js.all([1, "b"])).toEqual([
      { name: "a", score: 1.5 },
      { name: "b", score: -2 },
    ]);
  });

  it("answers a statement with RETURNING as rows and runs one without rows as before", () => {
    const insert = withJsRows(db.prepare("insert into t (name) values (?) returning id, name"));
    expect(insert.reader).toBe(true);
    expect(insert.all(["c"])).toEqual([{ id: 3, name: "c" }]);
    const update = withJsRows(db.prepare("update t set note = ? where name = ?"));
    expect(update.reader).toBe(false);
    expect(update.run(["set", "c"]).changes).toBe(1);
    expect(db.prepare("select note from t where name = 'c'").get()).toEqual({ note: "set" });
  });
});
