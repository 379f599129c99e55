import fc from "fast-check";

export type JsonSchema = { readonly [keyword: string]: unknown };

/**
 * The JSON Schema 2020-12 keywords the generator knows. A schema using another fails loudly, so
 * the document cannot grow a rule that requests would silently never exercise.
 */
const KNOWN = new Set([
  "type",
  "properties",
  "required",
  "additionalProperties",
  "propertyNames",
  "items",
  "minItems",
  "maxItems",
  "minLength",
  "maxLength",
  "pattern",
  "format",
  "minimum",
  "maximum",
  "enum",
  "const",
  "anyOf",
  "oneOf",
  "$ref",
  "default",
  "description",
  "title",
  "contentMediaType",
]);

export interface Generation {
  /** The schema `$ref` points to. */
  resolve(ref: string): JsonSchema;
  /** Real values (ids the test made) for a field of this name, drawn often when they fit. */
  known(name: string): readonly string[];
  /** Now and then junk instead of a value, or an unknown field: inputs that break the schema. */
  loose: boolean;
}

/** Strings past this length are rare in the generated values; the maximum itself is still drawn. */
const SHORT = 24;
/** The longest string drawn where the schema sets no maximum: it still fits in a URL. */
const LONG = 2000;
const MAX_DEPTH = 8;

/** Junk small enough for a URL, made of whole code points (URLs cannot encode lone surrogates). */
const junkScalar: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ unit: "binary", maxLength: 12 }),
  fc.constantFrom("", " ", "\u0000", "null", "-1", "1e400", "../x", "%00", "\u202e"),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
);

const junk: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: junkScalar },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

/** Values the schema describes (name: the field's, for `known`). */
export function arbitraryOf(
  schema: JsonSchema,
  gen: Generation,
  name = "",
  depth = 0,
): fc.Arbitrary<unknown> {
  const unknown = Object.keys(schema).filter((k) => !KNOWN.has(k));
  if (unknown.length) throw new Error(`the generator does not know ${unknown.join(", ")} (field "${name}")`);
  if (depth > MAX_DEPTH) throw new Error(`schema nested past ${MAX_DEPTH} levels at "${name}"`);
  const valid = describedBy(schema, gen, name, depth);
  return gen.loose ? fc.oneof({ weight: 9, arbitrary: valid }, { weight: 1, arbitrary: junk }) : valid;
}

function describedBy(
  schema: JsonSchema,
  gen: Generation,
  name: string,
  depth: number,
): fc.Arbitrary<unknown> {
  if (typeof schema.$ref === "string") return arbitraryOf(gen.resolve(schema.$ref), gen, name, depth + 1);
  if ("const" in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const alternatives = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (alternatives) return fc.oneof(...alternatives.map((s) => arbitraryOf(s, gen, name, depth + 1)));
  const types = typeof schema.type === "string" ? [schema.type] : (schema.type as string[] | undefined);
  if (!types) return fc.jsonValue({ maxDepth: 2 });
  return fc.oneof(...types.map((t) => ofType(t, schema, gen, name, depth)));
}

function ofType(
  type: string,
  schema: JsonSchema,
  gen: Generation,
  name: string,
  depth: number,
): fc.Arbitrary<unknown> {
  switch (type) {
    case "string":
      return stringOf(schema, gen.known(name));
    case "integer":
      return fc.integer(bounds(schema, -(2 ** 31), 2 ** 31 - 1));
    case "number":
      return fc.double({ ...bounds(schema, -1e12, 1e12), noNaN: true, noDefaultInfinity: true });
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array":
      return arrayOf(schema, gen, name, depth);
    case "object":
      return objectOf(schema, gen, depth);
    default:
      throw new Error(`unknown type ${type} at "${name}"`);
  }
}

function bounds(schema: JsonSchema, lowest: number, highest: number) {
  return {
    min: typeof schema.minimum === "number" ? schema.minimum : lowest,
    max: typeof schema.maximum === "number" ? schema.maximum : highest,
  };
}

function stringOf(schema: JsonSchema, known: readonly string[]): fc.Arbitrary<string> {
  const minLength = (schema.minLength as number | undefined) ?? 0;
  const maxLength = (schema.maxLength as number | undefined) ?? LONG;
  const pattern = schema.pattern as string | undefined;
  const fits = (v: string) => {
    const length = [...v].length;
    return length >= minLength && length <= maxLength && (!pattern || new RegExp(pattern, "u").test(v));
  };
  const short = Math.max(minLength, Math.min(maxLength, SHORT));
  let random: fc.Arbitrary<string>;
  const chars = pattern ? charClassOf(pattern) : undefined;
  const format = schema.format as string | undefined;
  if (format !== undefined) {
    random = formatted(format).filter(fits);
  } else if (chars) {
    const unit = fc.constantFrom(...chars.chars);
    const min = Math.max(minLength, chars.min);
    const max = Math.min(maxLength, chars.max);
    random = fc.oneof(
      {
        weight: 4,
        arbitrary: fc.string({ unit, minLength: min, maxLength: Math.min(max, Math.max(min, SHORT)) }),
      },
      { weight: 1, arbitrary: fc.string({ unit, minLength: max, maxLength: max }) },
    );
  } else if (pattern) {
    random = fc.stringMatching(new RegExp(pattern)).filter(fits);
  } else {
    random = fc.oneof(
      { weight: 3, arbitrary: fc.string({ minLength, maxLength: short }) },
      { weight: 2, arbitrary: fc.string({ unit: "grapheme-composite", minLength, maxLength: short }) },
      { weight: 1, arbitrary: fc.string({ unit: "binary", minLength, maxLength: short }) },
      { weight: 1, arbitrary: fc.string({ minLength: maxLength, maxLength }) },
    );
  }
  const real = known.filter(fits);
  if (!real.length) return random;
  return fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...real) }, { weight: 1, arbitrary: random });
}

/** Strings of a JSON Schema `format`: times a year either side of now, plain addresses. */
function formatted(format: string): fc.Arbitrary<string> {
  const now = Date.now();
  const year = 365 * 24 * 3600 * 1000;
  switch (format) {
    case "date-time":
      return fc.integer({ min: now - year, max: now + 2 * year }).map((t) => new Date(t).toISOString());
    case "email":
      return fc
        .tuple(
          fc.stringMatching(/^[a-z0-9]{1,12}$/),
          fc.stringMatching(/^[a-z]{1,12}$/),
          fc.constantFrom("com", "org", "example"),
        )
        .map(([local, domain, tld]) => `${local}@${domain}.${tld}`);
    default:
      throw new Error(`the generator does not know the format ${format}`);
  }
}

/** `^[a-z0-9_-]+$`, `^[…]{3,32}$`: the characters and counts of a pattern that is one class repeated. */
function charClassOf(pattern: string): { chars: string[]; min: number; max: number } | undefined {
  const m = /^\^\[([^\]\\]+)\](\+|\*|\{(\d+),(\d+)\})\$$/.exec(pattern);
  if (!m?.[1]) return undefined;
  const chars: string[] = [];
  const body = m[1];
  for (let i = 0; i < body.length; i++) {
    const from = body[i]!;
    if (body[i + 1] === "-" && i + 2 < body.length) {
      for (let c = from.charCodeAt(0); c <= body.charCodeAt(i + 2); c++) chars.push(String.fromCharCode(c));
      i += 2;
    } else chars.push(from);
  }
  const [min, max] = m[2] === "+" ? [1, 10_000] : m[2] === "*" ? [0, 10_000] : [Number(m[3]), Number(m[4])];
  return { chars, min, max };
}

function arrayOf(schema: JsonSchema, gen: Generation, name: string, depth: number): fc.Arbitrary<unknown[]> {
  const items = (schema.items as JsonSchema | undefined) ?? {};
  const minLength = (schema.minItems as number | undefined) ?? 0;
  const maxLength = Math.max(minLength, Math.min((schema.maxItems as number | undefined) ?? 4, 4));
  return fc.array(arbitraryOf(items, gen, name, depth + 1), { minLength, maxLength });
}

function objectOf(schema: JsonSchema, gen: Generation, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = (schema.required ?? []) as string[];
  // An optional field in two requests of five: a request with fewer of them is likelier to pass
  // the rules between fields that no schema states, and so to reach the handler.
  const record = fc
    .tuple(
      ...Object.entries(properties).map(([k, s]) => {
        const value = arbitraryOf(s, gen, k, depth + 1).map((v) => [k, v] as const);
        if (required.includes(k)) return value;
        return fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 2, arbitrary: value });
      }),
    )
    .map((entries) => Object.fromEntries(entries.filter((e) => e !== undefined)));
  const extra = schema.additionalProperties;
  const extras =
    extra && typeof extra === "object"
      ? fc.dictionary(
          stringOf((schema.propertyNames as JsonSchema | undefined) ?? {}, []),
          arbitraryOf(extra as JsonSchema, gen, "", depth + 1),
          { maxKeys: 3 },
        )
      : gen.loose
        ? fc.oneof(
            { weight: 5, arbitrary: fc.constant({}) },
            { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), junk, { maxKeys: 1 }) },
          )
        : fc.constant({});
  return fc.tuple(record, extras).map(([r, e]) => ({ ...e, ...r }));
}
