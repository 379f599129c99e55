import fc from "fast-check";
import { anyJson, nastyString } from "./arbitraries.js";

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** Values of the same JSON type as `v`, at and past the edges a schema usually draws. */
function edgeOf(v: unknown): fc.Arbitrary<unknown> {
  if (typeof v === "string") {
    return fc.oneof(
      nastyString,
      fc.constantFrom(
        "",
        " ",
        "a".repeat(65),
        "a".repeat(257),
        "x".repeat(5001),
        "\u202e",
        "\u0000",
        "🙂".repeat(600),
      ),
    );
  }
  if (typeof v === "number") {
    return fc.constantFrom(
      -1,
      0,
      1,
      0.5,
      2 ** 31,
      -(2 ** 53),
      Number.MAX_SAFE_INTEGER,
      1e308,
      1000,
      101,
      10_001,
    );
  }
  if (typeof v === "boolean") return fc.constantFrom(!v, "true", 1, 0, null);
  return anyJson;
}

/**
 * Bodies shaped like `base`, mutated at every depth: each field kept (itself mutated), dropped,
 * set to a same-type edge value or to junk of any type, plus unknown keys; arrays emptied,
 * shortened, grown or filled with junk. Weighted toward near-valid bodies, so the checks behind
 * the first validation layer get reached too.
 */
export function deepMutate(base: unknown, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 4) return fc.constant(base);
  if (Array.isArray(base)) {
    const first = base[0];
    return fc.oneof(
      {
        weight: 4,
        arbitrary: fc.tuple(...base.map((v) => deepMutate(v, depth + 1))) as fc.Arbitrary<unknown>,
      },
      { weight: 1, arbitrary: fc.constant([]) },
      {
        weight: 1,
        arbitrary:
          first === undefined
            ? fc.array(anyJson, { maxLength: 3 })
            : fc.array(deepMutate(first, depth + 1), { minLength: 2, maxLength: 12 }),
      },
      { weight: 1, arbitrary: fc.constant(Array.from({ length: 120 }, () => first ?? null)) },
      { weight: 1, arbitrary: anyJson },
    );
  }
  if (isObject(base)) {
    const fields = Object.entries(base).map(([k, v]) =>
      fc.oneof(
        { weight: 5, arbitrary: deepMutate(v, depth + 1).map((x) => [k, x] as const) },
        { weight: 1, arbitrary: fc.constant(null) },
        { weight: 1, arbitrary: edgeOf(v).map((x) => [k, x] as const) },
        { weight: 1, arbitrary: anyJson.map((x) => [k, x] as const) },
      ),
    );
    const extra = fc.oneof(
      { weight: 5, arbitrary: fc.constant({}) },
      { weight: 1, arbitrary: fc.dictionary(nastyString, anyJson, { maxKeys: 2 }) },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          JSON.parse('{"__proto__":{"polluted":true}}') as unknown,
          JSON.parse('{"constructor":{"prototype":{"polluted":true}}}') as unknown,
        ),
      },
    );
    return fc.oneof(
      {
        weight: 8,
        arbitrary: fc.tuple(fc.tuple(...fields), extra).map(([kept, more]) => ({
          ...Object.fromEntries(kept.filter((e): e is readonly [string, unknown] => e !== null)),
          ...(more as Record<string, unknown>),
        })),
      },
      { weight: 1, arbitrary: anyJson },
    );
  }
  return fc.oneof({ weight: 3, arbitrary: fc.constant(base) }, { weight: 2, arbitrary: edgeOf(base) });
}
