import { describe, expect, it } from "vitest";
import { clockTime } from "../../src/chat/relative-time";
import { sinceLabel } from "../../src/components/channel/unread-bar";

describe("the unread bar's time", () => {
  const now = new Date(2026, 2, 12, 18, 30);
  const at = (d: Date) => d.toISOString();

  it("says the time alone today", () => {
    const t = at(new Date(2026, 2, 12, 14, 2));
    expect(sinceLabel(t, now)).toBe(`since ${clockTime(t)}`);
  });

  it("says yesterday, or the day, before today", () => {
    const yesterday = at(new Date(2026, 2, 11, 9, 15));
    expect(sinceLabel(yesterday, now)).toBe(`since yesterday ${clockTime(yesterday)}`);
    const earlier = at(new Date(2026, 2, 2, 9, 15));
    expect(sinceLabel(earlier, now)).toMatch(/^since \S.* \S+$/);
    expect(sinceLabel(earlier, now)).not.toContain("yesterday");
  });
});
