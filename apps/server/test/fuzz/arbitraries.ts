import fc from "fast-check";

/** Strings that break naive code: every plane, lone surrogates, controls, direction overrides, huge. */
export const nastyString = fc.oneof(
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "\u202e evil",
    "\ud800",
    "\udfff",
    "💥".repeat(50),
    "<script>",
    "../../etc/passwd",
    "%00",
  ),
  fc.string({ maxLength: 5 }).map((s) => s.repeat(2000)),
);

/** Any JSON value, weighted toward wrong types and edge cases. */
export const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  nastyString,
  fc.constantFrom(null, true, 0, -1, 1e308, Number.MAX_SAFE_INTEGER + 2, [], {}),
);

/** An object shaped like `base` whose fields are each kept, dropped or replaced by junk. */
export function mutate(base: Record<string, unknown>): fc.Arbitrary<Record<string, unknown>> {
  const entries = Object.entries(base).map(([k, v]) =>
    fc.oneof(
      fc.constant([k, v] as const),
      fc.constant(null),
      anyJson.map((j) => [k, j] as const),
    ),
  );
  return fc
    .tuple(fc.tuple(...entries), fc.dictionary(nastyString, anyJson, { maxKeys: 2 }))
    .map(([kept, extra]) => ({
      ...Object.fromEntries(kept.filter((e): e is readonly [string, unknown] => e !== null)),
      ...extra,
    }));
}
