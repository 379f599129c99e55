import { describe, expect, it } from "vitest";
import { stepChannel } from "../../src/components/sidebar/sidebar-nav";

const rows = [
  { cid: "a", unread: false },
  { cid: "b", unread: true },
  { cid: "c", unread: false },
  { cid: "d", unread: true },
];

describe("stepChannel (Alt+↑/↓, Alt+Shift+↑/↓)", () => {
  it("moves one row either way and wraps at both ends", () => {
    expect(stepChannel(rows, "a", 1, false)).toBe("b");
    expect(stepChannel(rows, "b", -1, false)).toBe("a");
    expect(stepChannel(rows, "d", 1, false)).toBe("a");
    expect(stepChannel(rows, "a", -1, false)).toBe("d");
  });

  it("with no open channel in the list, starts at the top going down and at the bottom going up", () => {
    expect(stepChannel(rows, null, 1, false)).toBe("a");
    expect(stepChannel(rows, null, -1, false)).toBe("d");
    expect(stepChannel(rows, "gone", 1, true)).toBe("b");
  });

  it("only unread: the nearest unread that way, wrapping, never the open channel itself", () => {
    expect(stepChannel(rows, "a", 1, true)).toBe("b");
    expect(stepChannel(rows, "b", 1, true)).toBe("d");
    expect(stepChannel(rows, "d", 1, true)).toBe("b");
    expect(stepChannel(rows, "c", -1, true)).toBe("b");
    expect(stepChannel([{ cid: "a", unread: true }], "a", 1, true)).toBeNull();
    expect(stepChannel([], null, 1, false)).toBeNull();
  });
});
