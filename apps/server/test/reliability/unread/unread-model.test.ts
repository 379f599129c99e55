import { expect, test } from "vitest";
import { runUnreadModel } from "./unread-model.js";

/**
 * Unread-count model test: 10,000 random steps (post, mention, thread reply, edit, delete, read,
 * leave, rejoin, hide, show, mute) by 3 users with 2 tabs each; after every step the server's and
 * both tabs' counts equal a recount from the store. unread-model.long.test.ts runs more seeds.
 */
const STEPS = Number(process.env.UNREAD_STEPS ?? 10_000);
// The recount reads the server's SQLite file; the PostgreSQL + Redis run (test:cluster) skips it.
const cluster = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);

test.skipIf(cluster)(
  `unread counts after each of ${STEPS} random steps equal a recount from the store`,
  async () => {
    const report = await runUnreadModel(STEPS, Number(process.env.UNREAD_SEED ?? 7));
    const { mismatches, history: _history, ...figures } = report;
    console.log("unread-model", JSON.stringify(figures));
    if (process.env.UNREAD_DUMP) {
      const { writeFileSync } = await import("node:fs");
      writeFileSync(process.env.UNREAD_DUMP, JSON.stringify(report, null, 1));
    }
    expect(report.errors).toEqual([]);
    expect(report.steps).toBe(STEPS);
    expect(mismatches).toEqual([]);
  },
  600_000,
);
