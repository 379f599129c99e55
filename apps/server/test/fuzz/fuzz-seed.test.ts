import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { seedFrom, TEST_SEED } from "../helpers/fast-check-seed.js";
import { assertQuietly } from "./rest-harness.js";

describe("the seed of the property-based tests", () => {
  test("is PARLEY_SEED, or a fixed default; anything but a 32-bit integer is refused", () => {
    expect(seedFrom(undefined)).toBe(seedFrom(""));
    expect(seedFrom("-42")).toBe(-42);
    expect(seedFrom(String(2 ** 31 - 1))).toBe(2 ** 31 - 1);
    for (const bad of ["x", "1.5", String(2 ** 31)]) expect(() => seedFrom(bad)).toThrow(/PARLEY_SEED/);
  });

  test("every property of the run takes it", () => {
    expect(fc.readConfigureGlobal().seed).toBe(TEST_SEED);
    expect(fc.check(fc.property(fc.nat(), () => true)).seed).toBe(TEST_SEED);
    expect(fc.sample(fc.string(), 20)).toEqual(fc.sample(fc.string(), 20));
  });

  test("fc.assert reports the seed, the path and the shrunk counterexample", () => {
    expect(() => fc.assert(fc.property(fc.nat(), (n) => n < 1000))).toThrow(
      new RegExp(`seed: ${TEST_SEED}, path: "[0-9:]+"[\\s\\S]*Counterexample: \\[1000\\]`),
    );
  });

  test("so does the fuzz harness, in short", async () => {
    const property = fc.asyncProperty(fc.string(), async (s) => {
      expect(s).not.toMatch(/[a-z]/);
    });
    const failure = assertQuietly(property, 100).then(
      () => "passed",
      (e: Error) => e.message,
    );
    expect(await failure).toMatch(
      new RegExp(`\\{ seed: ${TEST_SEED}, path: "[0-9:]+" \\}[\\s\\S]*input: \\["a"\\]$`),
    );
  });
});
