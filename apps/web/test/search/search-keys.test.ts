import { describe, expect, test } from "vitest";
import { clampActive, searchKeyOutcome } from "../../src/search/search-keys";
import { messageResultPath } from "../../src/search/use-open-result";

describe("search keyboard navigation", () => {
  test("↓ moves to the first row, then down", () => {
    expect(searchKeyOutcome("ArrowDown", -1, 3, false)).toEqual({ type: "move", index: 0 });
    expect(searchKeyOutcome("ArrowDown", 0, 3, false)).toEqual({ type: "move", index: 1 });
  });

  test("↓ on the last row loads the next page when there is one, else wraps", () => {
    expect(searchKeyOutcome("ArrowDown", 2, 3, true)).toEqual({ type: "loadMore" });
    expect(searchKeyOutcome("ArrowDown", 2, 3, false)).toEqual({ type: "move", index: 0 });
  });

  test("↑ moves up and wraps from the first (or no) row to the last", () => {
    expect(searchKeyOutcome("ArrowUp", 2, 3, false)).toEqual({ type: "move", index: 1 });
    expect(searchKeyOutcome("ArrowUp", 0, 3, false)).toEqual({ type: "move", index: 2 });
    expect(searchKeyOutcome("ArrowUp", -1, 3, false)).toEqual({ type: "move", index: 2 });
  });

  test("Home and End jump", () => {
    expect(searchKeyOutcome("Home", 2, 3, false)).toEqual({ type: "move", index: 0 });
    expect(searchKeyOutcome("End", 0, 3, true)).toEqual({ type: "move", index: 2 });
  });

  test("Enter opens the active row, or the first when none is active", () => {
    expect(searchKeyOutcome("Enter", 1, 3, false)).toEqual({ type: "open", index: 1 });
    expect(searchKeyOutcome("Enter", -1, 3, false)).toEqual({ type: "open", index: 0 });
  });

  test("Esc clears", () => {
    expect(searchKeyOutcome("Escape", 1, 3, false)).toEqual({ type: "clear" });
  });

  test("arrows and Enter do nothing without results; other keys never do", () => {
    expect(searchKeyOutcome("ArrowDown", -1, 0, true)).toEqual({ type: "none" });
    expect(searchKeyOutcome("Enter", -1, 0, false)).toEqual({ type: "none" });
    expect(searchKeyOutcome("a", 0, 3, false)).toEqual({ type: "none" });
  });

  test("the active row is dropped when the results shrink below it", () => {
    expect(clampActive(4, 3)).toBe(-1);
    expect(clampActive(1, 3)).toBe(1);
  });
});

describe("where a message result leads", () => {
  const result = (parent_id: string | null) => ({
    message: {
      id: "m1",
      cid: "messaging:general",
      text: "",
      created_at: "",
      parent_id,
      user: { id: "a", name: "A", image: "" },
      mentioned_users: [],
    },
    channel: {
      cid: "messaging:general",
      type: "messaging",
      id: "general",
      name: "General",
      image: "",
      is_direct: false,
    },
    highlight: [],
  });

  test("its channel, at the message", () => {
    expect(messageResultPath(result(null))).toBe("/c/messaging:general?message=m1");
  });

  test("a thread reply opens its thread too", () => {
    expect(messageResultPath(result("p1"))).toBe("/c/messaging:general?thread=p1&message=m1");
  });
});
