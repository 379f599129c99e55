import { describe, expect, test } from "vitest";
import { Backoff, backoffCeiling, fullJitterDelay } from "../src/index.js";

describe("full-jitter backoff", () => {
  test("the ceiling doubles from the base up to the cap", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((n) => backoffCeiling(n, 500, 30_000))).toEqual([
      500, 1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
    expect(backoffCeiling(10_000, 500, 30_000)).toBe(30_000);
    expect(backoffCeiling(-3, 500, 30_000)).toBe(500);
  });

  test("delays are uniformly spread in [0, min(cap, base·2^n)) — the extremes of random() map to the bounds", () => {
    for (let n = 0; n < 12; n += 1) {
      const ceiling = backoffCeiling(n, 100, 5_000);
      expect(fullJitterDelay(n, { baseMs: 100, capMs: 5_000, random: () => 0 })).toBe(0);
      const top = fullJitterDelay(n, { baseMs: 100, capMs: 5_000, random: () => 0.999999 });
      expect(top).toBeLessThan(ceiling);
      expect(top).toBeGreaterThanOrEqual(ceiling - 1);
    }
  });

  test("with Math.random every delay stays within its bounds, and jitter actually spreads them", () => {
    for (let n = 0; n < 20; n += 1) {
      const samples = Array.from({ length: 200 }, () => fullJitterDelay(n, { baseMs: 250, capMs: 10_000 }));
      const ceiling = backoffCeiling(n, 250, 10_000);
      expect(samples.filter((d) => d < 0 || d >= ceiling)).toEqual([]);
      // Full jitter: not clustered near the ceiling (equal jitter would never go below ceiling/2).
      expect(Math.min(...samples)).toBeLessThan(ceiling / 2);
      expect(new Set(samples).size).toBeGreaterThan(10);
    }
  });

  test("Backoff counts attempts and resets after a success", () => {
    const seen: number[] = [];
    const b = new Backoff({ baseMs: 100, capMs: 1_000, random: () => 0.5 });
    for (let i = 0; i < 6; i += 1) seen.push(b.next());
    expect(seen).toEqual([50, 100, 200, 400, 500, 500]);
    expect(b.attempt).toBe(6);
    b.reset();
    expect(b.attempt).toBe(0);
    expect(b.next()).toBe(50);
  });
});
