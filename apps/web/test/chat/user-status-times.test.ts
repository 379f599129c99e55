import { describe, expect, it } from "vitest";
import {
  endOfToday,
  localInputValue,
  PAUSE_CHOICES,
  statusExpiresAt,
} from "../../src/components/user-status-times";

const now = new Date(2026, 5, 1, 14, 5, 30);

describe("status and pause end times", () => {
  it("offers each end from now, in local time", () => {
    expect(statusExpiresAt("never", now)).toBeNull();
    expect(statusExpiresAt("30m", now)?.getTime()).toBe(now.getTime() + 30 * 60_000);
    expect(statusExpiresAt("4h", now)?.getTime()).toBe(now.getTime() + 4 * 3600_000);
    expect(statusExpiresAt("today", now)).toEqual(endOfToday(now));
    expect(endOfToday(now)).toEqual(new Date(2026, 5, 1, 23, 59, 0, 0));
  });

  it("reads a chosen time from a datetime-local value, and nothing from an empty one", () => {
    expect(statusExpiresAt("custom", now, "2026-06-02T09:30")).toEqual(new Date(2026, 5, 2, 9, 30));
    expect(statusExpiresAt("custom", now, "")).toBeUndefined();
    expect(statusExpiresAt("custom", now, "soon")).toBeUndefined();
    expect(localInputValue(new Date(2026, 0, 3, 7, 4))).toBe("2026-01-03T07:04");
  });

  it("pauses until tomorrow morning at 09:00", () => {
    const tomorrow = PAUSE_CHOICES.find((c) => c.label === "Until tomorrow morning");
    expect(tomorrow?.until(now)).toEqual(new Date(2026, 5, 2, 9, 0, 0, 0));
  });
});
