import { describe, expect, it } from "vitest";
import { colourIndex, initials } from "../src/lib/initials";

describe("initials", () => {
  it("takes the first letters of the first and last words", () => {
    expect(initials("Ada Lovelace")).toBe("AL");
    expect(initials("Ada King Lovelace")).toBe("AL");
    expect(initials("grace")).toBe("G");
    expect(initials("  ")).toBe("?");
    expect(initials("Émile Zola")).toBe("ÉZ");
  });
});

describe("colourIndex", () => {
  it("is stable and in range", () => {
    expect(colourIndex("ada", 6)).toBe(colourIndex("ada", 6));
    for (const key of ["a", "bob", "carol", ""]) {
      const index = colourIndex(key, 6);
      expect(index).toBeGreaterThanOrEqual(0);
      expect(index).toBeLessThan(6);
    }
  });
});
