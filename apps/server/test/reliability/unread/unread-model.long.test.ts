import { expect, test } from "vitest";
import { runUnreadModel } from "./unread-model.js";

/** Unread-count model test, full length: 10,000 random steps (UNREAD_LONG_STEPS overrides). */
const STEPS = Number(process.env.UNREAD_LONG_STEPS ?? 10_000);

test(`unread counts after each of ${STEPS} random steps equal a recount from the store`, async () => {
  const report = await runUnreadModel(STEPS, Number(process.env.UNREAD_SEED ?? 11));
  const { mismatches, history: _history, ...figures } = report;
  console.log("unread-model", JSON.stringify(figures));
  expect(report.errors).toEqual([]);
  expect(report.steps).toBe(STEPS);
  expect(mismatches).toEqual([]);
}, 3_600_000);
