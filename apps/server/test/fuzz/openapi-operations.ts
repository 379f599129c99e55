import fc from "fast-check";
import { arbitraryOf, type Generation, type JsonSchema } from "./schema-arbitrary.js";

type Requirement = Record<string, string[]>;

interface Parameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  schema: JsonSchema;
}

interface MediaType {
  schema?: JsonSchema;
}

export interface OperationSpec {
  operationId: string;
  security?: Requirement[];
  parameters?: (Parameter | { $ref: string })[];
  requestBody?: { required?: boolean; content: Record<string, MediaType> };
  responses: Record<string, unknown>;
}

export interface OpenApi {
  paths: Record<string, Record<string, OperationSpec>>;
  security?: Requirement[];
  components: {
    securitySchemes: Record<string, { type: string; in?: string; name?: string; scheme?: string }>;
  };
}

export interface Operation {
  id: string;
  method: string;
  path: string;
  /** Where the operation is in the document, as a JSON pointer. */
  pointer: string;
  spec: OperationSpec;
}

/** A request made of the document's description of an operation, ready to send. */
export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  json?: string;
  form?: { fields: Record<string, string>; file?: { field: string; name: string; bytes: number[] } };
}

/** An answer as it came over the wire. */
export interface Answer {
  status: number;
  /** The content-type header, empty when none. */
  type: string;
  body: Uint8Array;
}

/** What the test holds for the document's security schemes. */
export interface Credentials {
  /** Values for `apiKey` schemes, by scheme name. */
  keys: Record<string, string>;
  /** Tokens for `http` bearer schemes, by scheme name. */
  bearers: Record<string, fc.Arbitrary<string>>;
  /** A scheme that acts for someone named by a parameter: always send that parameter with it. */
  actsFor: { scheme: string; parameter: string };
}

const METHODS = new Set(["get", "put", "post", "patch", "delete"]);

/** A JSON pointer segment, made safe for the fragment of a `$ref` URI. */
export const segment = (s: string) => encodeURIComponent(s.replace(/~/g, "~0").replace(/\//g, "~1"));

export function operationsOf(doc: OpenApi): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.has(method))
      .map(([method, spec]) => ({
        id: spec.operationId,
        method: method.toUpperCase(),
        path,
        pointer: `/paths/${segment(path)}/${method}`,
        spec,
      })),
  );
}

/** `#/components/schemas/User` → that node of the document. */
function resolverOf(doc: OpenApi): (ref: string) => JsonSchema {
  return (ref) => {
    if (!ref.startsWith("#/")) throw new Error(`a $ref outside the document: ${ref}`);
    let node: unknown = doc;
    for (const s of ref.slice(2).split("/")) {
      node = (node as Record<string, unknown>)?.[s.replace(/~1/g, "/").replace(/~0/g, "~")];
    }
    if (!node || typeof node !== "object") throw new Error(`$ref to nothing: ${ref}`);
    return node as JsonSchema;
  };
}

/**
 * The literal segment before a path parameter and its name (`messages/{id}`): what `known`
 * looks path parameters up by.
 */
function pathKey(path: string, name: string): string {
  const segments = path.split("/");
  const at = segments.indexOf(`{${name}}`);
  const before = segments
    .slice(0, at)
    .reverse()
    .find((s) => !s.startsWith("{"));
  return `${before}/{${name}}`;
}

/** Any request the document describes for `op`: mostly valid, a quarter of them breaking it. */
export function requestsOf(
  doc: OpenApi,
  op: Operation,
  known: (key: string) => readonly string[],
  credentials: Credentials,
): fc.Arbitrary<FuzzRequest> {
  const resolve = resolverOf(doc);
  const parameters = (op.spec.parameters ?? []).map((p) =>
    "$ref" in p ? (resolve(p.$ref) as unknown as Parameter) : p,
  );
  for (const p of parameters) {
    if (p.in !== "path" && p.in !== "query") throw new Error(`${op.id}: a parameter in ${p.in}`);
  }
  const requirements = op.spec.security ?? doc.security ?? [];
  const requirement: fc.Arbitrary<Requirement> = requirements.length
    ? fc.oneof(
        { weight: 20, arbitrary: fc.constantFrom(...requirements) },
        { weight: 1, arbitrary: fc.constant({}) },
      )
    : fc.constant({});
  const build = (loose: boolean) =>
    requirement.chain((req) => {
      const gen: Generation = { resolve, known, loose };
      const path = fc.record(
        Object.fromEntries(
          parameters
            .filter((p) => p.in === "path")
            .map((p) => [
              p.name,
              arbitraryOf(p.schema, { ...gen, known: () => known(pathKey(op.path, p.name)) }),
            ]),
        ),
      );
      const query = fc.tuple(
        ...parameters
          .filter((p) => p.in === "query")
          .map((p) => {
            const value = arbitraryOf(p.schema, gen, p.name).map((v) => [p.name, v] as const);
            const actsFor = p.name === credentials.actsFor.parameter;
            if (p.required || (actsFor && credentials.actsFor.scheme in req)) return value;
            // Optional parameters: one request in three (the acting-for one, without its scheme: one in ten).
            return fc.oneof(
              { weight: actsFor ? 9 : 2, arbitrary: fc.constant(undefined) },
              { weight: 1, arbitrary: value },
            );
          }),
      );
      return fc.record({
        path,
        query,
        auth: authOf(doc, req, credentials, loose),
        body: bodyOf(op, gen),
      });
    });
  return fc
    .oneof({ weight: 3, arbitrary: build(false) }, { weight: 1, arbitrary: build(true) })
    .map((parts) => {
      const url = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => pathValue(parts.path[name]));
      const q = new URLSearchParams();
      for (const entry of [...parts.query, ...parts.auth.query]) {
        if (!entry) continue;
        const [name, value] = entry;
        for (const v of Array.isArray(value) ? value : [value]) q.append(name, queryValue(v));
      }
      const search = q.toString();
      return {
        method: op.method,
        url: search ? `${url}?${search}` : url,
        headers: {
          ...parts.auth.headers,
          ...(parts.body.json !== undefined ? { "content-type": "application/json" } : {}),
        },
        ...parts.body,
      };
    });
}

/**
 * A path segment the URL parser keeps as it is: never empty, `.` or `..`, and no lone surrogate
 * (which encodeURIComponent refuses).
 */
function pathValue(v: unknown): string {
  const s = (typeof v === "string" ? v : JSON.stringify(v)).replace(/[\ud800-\udfff]/gu, "\ufffd");
  return /^\.{0,2}$/.test(s) ? "_" : encodeURIComponent(s);
}

function queryValue(v: unknown): string {
  return typeof v === "string" ? v : JSON.stringify(v);
}

function authOf(doc: OpenApi, req: Requirement, credentials: Credentials, loose: boolean) {
  const parts = Object.keys(req).map((name) => {
    const scheme = doc.components.securitySchemes[name];
    if (scheme?.type === "apiKey" && scheme.in === "query" && scheme.name) {
      const key = credentials.keys[name];
      if (key === undefined) throw new Error(`no value for the security scheme ${name}`);
      const value = loose
        ? fc.oneof(
            { weight: 5, arbitrary: fc.constant(key) },
            { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
          )
        : fc.constant(key);
      return value.map((v) => ({ query: [[scheme.name!, v] as const], headers: {} }));
    }
    if (scheme?.type === "http" && scheme.scheme === "bearer") {
      const token = credentials.bearers[name];
      if (!token) throw new Error(`no token for the security scheme ${name}`);
      const value = loose
        ? fc.oneof(
            { weight: 5, arbitrary: token },
            { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 60 }) },
          )
        : token;
      return value.map((t) => ({
        query: [] as (readonly [string, string])[],
        headers: { authorization: `Bearer ${t}` },
      }));
    }
    throw new Error(`the security scheme ${name} is not one the test can satisfy`);
  });
  return fc.tuple(...parts).map((all) => ({
    query: all.flatMap((p) => p.query),
    headers: Object.assign({}, ...all.map((p) => p.headers)) as Record<string, string>,
  }));
}

function bodyOf(op: Operation, gen: Generation): fc.Arbitrary<Pick<FuzzRequest, "json" | "form">> {
  const body = op.spec.requestBody;
  if (!body) return fc.constant({});
  const json = body.content["application/json"]?.schema;
  const form = body.content["multipart/form-data"]?.schema;
  const omitted = fc.constant({});
  if (json) {
    const value = arbitraryOf(json, gen).map((v) => ({ json: JSON.stringify(v) }));
    const broken = gen.loose
      ? [{ weight: 1, arbitrary: fc.string({ maxLength: 30 }).map((s) => ({ json: `{${s}` })) }]
      : [];
    return fc.oneof(
      { weight: 8, arbitrary: value },
      ...broken,
      ...(body.required ? [] : [{ weight: 2, arbitrary: omitted }]),
    );
  }
  if (form) return formOf(form, gen);
  throw new Error(`${op.id}: a body of ${Object.keys(body.content).join(", ")}`);
}

/** A multipart body: a file part for each field with a `contentMediaType`, text for the rest. */
function formOf(schema: JsonSchema, gen: Generation): fc.Arbitrary<Pick<FuzzRequest, "form">> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const fileField = Object.keys(properties).find((k) => properties[k]?.contentMediaType);
  const fields = Object.fromEntries(
    Object.entries(properties)
      .filter(([k]) => k !== fileField)
      .map(([k, s]) => [k, arbitraryOf(s, gen, k).map(queryValue)]),
  );
  const file = fc.record({
    name: fc.string({ unit: "grapheme-composite", minLength: 1, maxLength: 40 }),
    bytes: fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 2048 }),
  });
  return fc.record({
    form: fc.record({
      fields: fc.record(fields),
      ...(fileField ? { file: file.map((f) => ({ field: fileField, ...f })) } : {}),
    }),
  });
}

/** Sends a request to `base`; answers its status, content type and bytes. */
export async function send(base: string, r: FuzzRequest): Promise<Answer> {
  let body: string | FormData | undefined = r.json;
  if (r.form) {
    const form = new FormData();
    for (const [k, v] of Object.entries(r.form.fields)) form.append(k, v);
    const f = r.form.file;
    if (f)
      form.append(f.field, new Blob([new Uint8Array(f.bytes)], { type: "application/octet-stream" }), f.name);
    body = form;
  }
  // A redirect is an answer of its own (single sign-on's pages answer 302s): never followed.
  const res = await fetch(`${base}${r.url}`, {
    method: r.method,
    headers: r.headers,
    body,
    redirect: "manual",
  });
  return {
    status: res.status,
    type: res.headers.get("content-type") ?? "",
    body: new Uint8Array(await res.arrayBuffer()),
  };
}
