import type { MessageResponse } from "@parley/protocol";
import { describe, expect, test } from "vitest";
import { applyAroundPage, applyNewerPage, emptyChannelState } from "../src/index.js";
import { toLocalMessage } from "../src/messages.js";
import { message } from "./fakes.js";

/** Messages m1..mN, in order (seq = n). */
const history = (from: number, to: number): MessageResponse[] =>
  Array.from({ length: to - from + 1 }, (_, i) => message(`m${from + i}`, "alice", from + i));
const holding = (messages: MessageResponse[]) => ({
  ...emptyChannelState(),
  initialized: true,
  messages: messages.map((m) => toLocalMessage(m)),
});
const ids = (s: { messages: readonly { id: string }[] }) => s.messages.map((m) => m.id);

describe("history around a message, far back: a window with a hole after it", () => {
  const limit = 10;

  test("a window apart from the newest messages keeps a hole after it", () => {
    const latest = holding(history(900, 1000));
    const around = applyAroundPage(latest, history(495, 505), "m500", limit);
    expect(ids(around).slice(0, 11)).toEqual(history(495, 505).map((m) => m.id));
    expect(ids(around).at(11)).toBe("m900");
    expect(around.gapAfter).toBe("m505");
    expect(around.hasMoreOlder).toBe(true);
  });

  test("newer pages fill the hole; it closes when a page meets the messages held", () => {
    let s = applyAroundPage(holding(history(900, 1000)), history(495, 505), "m500", limit);
    s = applyNewerPage(s, history(506, 515), limit);
    expect(s.gapAfter).toBe("m515");
    s = applyNewerPage(s, history(891, 900), limit);
    expect(s.gapAfter).toBeNull();
    expect(ids(s).includes("m891")).toBe(true);
  });

  test("a short newer page means the end was reached: no hole", () => {
    let s = applyAroundPage(holding(history(30, 40)), history(10, 16), "m11", limit);
    expect(s.gapAfter).toBe("m16");
    s = applyNewerPage(s, history(17, 20), limit);
    expect(s.gapAfter).toBeNull();
  });

  test("a window that joins what is held merges without a hole", () => {
    const s = applyAroundPage(holding(history(95, 120)), history(90, 100), "m95", limit);
    expect(s.gapAfter).toBeNull();
    expect(ids(s)).toEqual(history(90, 120).map((m) => m.id));
    // the window's older side was not full: nothing older exists
    const start = applyAroundPage(holding(history(5, 30)), history(1, 8), "m2", limit);
    expect(start.hasMoreOlder).toBe(false);
  });
});
