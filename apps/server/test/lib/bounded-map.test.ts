import { describe, expect, it } from "vitest";
import { BoundedMap } from "../../src/lib/bounded-map.js";

describe("BoundedMap", () => {
  it("forgets the oldest entry added once it holds max", () => {
    const m = new BoundedMap<string, number>(2);
    m.set("a", 1).set("b", 2).set("c", 3);
    expect([...m]).toEqual([
      ["b", 2],
      ["c", 3],
    ]);
  });

  it("replaces a key it holds without forgetting another", () => {
    const m = new BoundedMap<string, number>(2);
    m.set("a", 1).set("b", 2).set("a", 10);
    expect([...m]).toEqual([
      ["a", 10],
      ["b", 2],
    ]);
  });
});
