import type { UserResponse } from "@parley/protocol";
import { describe, expect, it } from "vitest";
import { shownDndUntil, shownStatus, withFreshUser } from "../src/user-status.js";

const base: UserResponse = {
  id: "ana",
  name: "Ana",
  image: "",
  role: "user",
  last_active: null,
  created_at: "2026-01-01T00:00:00.000Z",
};
const status = { emoji: "🌴", text: "On holiday", expires_at: "2026-06-01T12:00:00.000Z" };

describe("a fresh rendering of a user", () => {
  it("replaces status and Do Not Disturb, gone when it has none, and keeps known presence", () => {
    const held = { ...base, online: true, status, dnd_until: "2026-06-01T10:00:00.000Z" };
    const cleared = withFreshUser(held, base);
    expect(cleared).toEqual({ ...base, online: true });
    const set = withFreshUser({ ...base, online: false }, { ...base, status });
    expect(set).toEqual({ ...base, online: false, status });
    // An answer's own presence wins over what was held.
    expect(withFreshUser(held, { ...base, online: false }).online).toBe(false);
  });

  it("shows a status and Do Not Disturb only until they end", () => {
    const user = { ...base, status, dnd_until: "2026-06-01T10:00:00.000Z" };
    expect(shownStatus(user, Date.parse("2026-06-01T11:59:59Z"))).toEqual(status);
    expect(shownStatus(user, Date.parse("2026-06-01T12:00:00Z"))).toBeUndefined();
    expect(shownStatus({ ...base, status: { ...status, expires_at: null } }, Date.now())).toBeDefined();
    expect(shownDndUntil(user, Date.parse("2026-06-01T09:00:00Z"))).toBe("2026-06-01T10:00:00.000Z");
    expect(shownDndUntil(user, Date.parse("2026-06-01T10:00:01Z"))).toBeUndefined();
    expect(shownStatus(undefined, 0)).toBeUndefined();
  });
});
