import { readFileSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AnswerChecker } from "./openapi-answers.js";
import { type Answer, type OpenApi, operationsOf, segment } from "./openapi-operations.js";
import { arbitraryOf, type JsonSchema } from "./schema-arbitrary.js";

/** The OpenAPI fuzz's own parts, checked against the document: they must not pass vacuously. */
const doc = JSON.parse(
  readFileSync(new URL("../../../../docs/openapi.json", import.meta.url), "utf8"),
) as OpenApi;
const operations = operationsOf(doc);
const op = (id: string) => operations.find((o) => o.id === id)!;
const answer = (status: number, body: unknown, type = "application/json; charset=utf-8"): Answer => ({
  status,
  type,
  body: new TextEncoder().encode(body === undefined ? "" : JSON.stringify(body)),
});
const error = (code: string) => ({ error: { code, message: "m" } });
const config = {
  apiKey: "k",
  signupMode: "open",
  passwordResetByEmail: false,
  sso: null,
  localPasswords: true,
};

describe("the answer checker", () => {
  const checker = new AnswerChecker(doc);

  it("passes answers as declared", () => {
    expect(checker.problem(op("config"), answer(200, config))).toBeUndefined();
    expect(checker.problem(op("me"), answer(401, error("token_invalid")))).toBeUndefined();
    expect(checker.problem(op("getFile"), answer(200, "x", "image/png"))).toBeUndefined();
    expect(checker.problem(op("auth"), answer(204, undefined, ""))).toBeUndefined();
  });

  it("fails a 5xx, an undeclared status, a body off its schema, a code of another status", () => {
    expect(checker.problem(op("config"), answer(500, error("internal")))).toMatch(/answered 500/);
    expect(checker.problem(op("config"), answer(418, {}))).toMatch(/not declared/);
    expect(checker.problem(op("config"), answer(200, { ...config, apiKey: 1 }))).toMatch(/off its schema/);
    expect(checker.problem(op("me"), answer(200, { user: { id: "u" } }))).toMatch(/off its schema/);
    expect(checker.problem(op("me"), answer(401, error("not_found")))).toMatch(/off its schema/);
    expect(checker.problem(op("getFile"), answer(200, "x", "text/html"))).toMatch(/declared/);
    expect(checker.problem(op("auth"), answer(204, {}))).toMatch(/none is declared/);
  });
});

describe("the request generator", () => {
  const ajv = new Ajv2020({ strict: false });
  ajv.addSchema(doc as object, "openapi.json");
  const resolve = (ref: string) => {
    const validate = ajv.getSchema(`openapi.json${ref}`);
    if (!validate) throw new Error(`no ${ref}`);
    return validate.schema as JsonSchema;
  };

  it("makes bodies their schema accepts, when not told to break them", () => {
    for (const o of operations) {
      const pointer = `${o.pointer}/requestBody/content/${segment("application/json")}/schema`;
      const schema = o.spec.requestBody?.content["application/json"]?.schema;
      if (!schema) continue;
      const validate = ajv.compile({ $ref: `openapi.json#${pointer}` });
      const values = fc.sample(arbitraryOf(schema, { resolve, known: () => [], loose: false }), 30);
      const invalid = values.filter((v) => !validate(v));
      expect([o.id, invalid.slice(0, 1)]).toEqual([o.id, []]);
    }
  });
});
