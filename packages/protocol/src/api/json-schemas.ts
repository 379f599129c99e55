import { z } from "zod";

export type JsonSchema = { [key: string]: unknown };

const COMPONENTS = "#/components/schemas/";
const INLINE = "__inline";

/**
 * Zod schemas of one direction (`input`: what a client sends, `output`: what it gets) as JSON
 * Schema 2020-12, converted together so that the named models become `$ref`s to components and
 * everything else is written out where it is used. Zod converts only a whole registry with
 * references, hence `add` first and `convert` once.
 */
export class JsonSchemas {
  readonly #registry = z.registry<{ id: string }>();
  readonly #named = new Set<string>();
  #inline = 0;

  constructor(
    private readonly io: "input" | "output",
    named: Record<string, z.ZodType> = {},
  ) {
    for (const [id, schema] of Object.entries(named)) {
      this.#registry.add(schema, { id });
      this.#named.add(id);
    }
  }

  /** Takes a schema in; the handle reads its JSON Schema after `convert`. */
  add(schema: z.ZodType): string {
    const known = this.#registry.get(schema)?.id;
    if (known !== undefined) return known;
    const id = `${INLINE}${this.#inline++}`;
    this.#registry.add(schema, { id });
    return id;
  }

  convert(): { components: Record<string, JsonSchema>; get(handle: string): JsonSchema } {
    const { schemas } = z.toJSONSchema(this.#registry, {
      io: this.io,
      target: "draft-2020-12",
      unrepresentable: "any",
      uri: (id) => `${COMPONENTS}${id}`,
      override: ({ jsonSchema }) => {
        // z.number().int() states the safe-integer range; it says nothing a reader needs.
        if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
        if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
      },
    });
    const resolve = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(resolve);
      if (value === null || typeof value !== "object") return value;
      const ref = (value as { $ref?: unknown }).$ref;
      if (typeof ref === "string" && ref.startsWith(`${COMPONENTS}${INLINE}`)) {
        return resolve(bare(schemas[ref.slice(COMPONENTS.length)] ?? {}));
      }
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v)]));
    };
    const components: Record<string, JsonSchema> = {};
    for (const id of [...this.#named].sort()) components[id] = resolve(bare(schemas[id] ?? {})) as JsonSchema;
    return {
      components,
      get: (handle) =>
        this.#named.has(handle)
          ? { $ref: `${COMPONENTS}${handle}` }
          : (resolve(bare(schemas[handle] ?? {})) as JsonSchema),
    };
  }
}

/** A schema without the identity keywords zod puts on each root (`$schema`, `$id`). */
function bare(schema: JsonSchema): JsonSchema {
  const { $schema: _s, $id: _i, ...rest } = schema;
  return rest;
}
