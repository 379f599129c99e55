import { describe, expect, it } from "vitest";
import { dayKey, dayLabel, relativeTime } from "../../src/chat/relative-time";

const now = new Date(2025, 2, 12, 15, 0); // Wed 12 Mar 2025, 15:00

describe("relativeTime", () => {
  it("uses now / minutes / hours within the day", () => {
    expect(relativeTime(new Date(2025, 2, 12, 14, 59, 30).toISOString(), now)).toBe("now");
    expect(relativeTime(new Date(2025, 2, 12, 14, 55).toISOString(), now)).toBe("5m");
    expect(relativeTime(new Date(2025, 2, 12, 12, 0).toISOString(), now)).toBe("3h");
  });
  it("says Yesterday, a weekday within the week, then a date", () => {
    expect(relativeTime(new Date(2025, 2, 11, 9, 0).toISOString(), now, "en-GB")).toBe("Yesterday");
    expect(relativeTime(new Date(2025, 2, 8, 9, 0).toISOString(), now, "en-GB")).toBe("Sat");
    expect(relativeTime(new Date(2025, 0, 2, 9, 0).toISOString(), now, "en-GB")).toBe("2 Jan");
    expect(relativeTime(new Date(2024, 0, 2, 9, 0).toISOString(), now, "en-GB")).toBe("2 Jan 2024");
  });
  it("is empty for no or bad times", () => {
    expect(relativeTime(null, now)).toBe("");
    expect(relativeTime("not a date", now)).toBe("");
  });
});

describe("day labels", () => {
  it("says Today and Yesterday, else the date", () => {
    expect(dayLabel(new Date(2025, 2, 12, 1).toISOString(), now)).toBe("Today");
    expect(dayLabel(new Date(2025, 2, 11, 23).toISOString(), now)).toBe("Yesterday");
    expect(dayLabel(new Date(2025, 2, 1).toISOString(), now, "en-GB")).toBe("Saturday 1 March");
    expect(dayKey(new Date(2025, 2, 1, 23, 59).toISOString())).toBe("2025-03-01");
  });
});
