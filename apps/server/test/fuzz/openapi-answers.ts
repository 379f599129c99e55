import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import { type Answer, type OpenApi, type Operation, segment } from "./openapi-operations.js";

const DOC = "openapi.json";

/** `image/*` covers `image/png`. */
const covers = (declared: string, media: string) =>
  declared === media || (declared.endsWith("/*") && media.startsWith(declared.slice(0, -1)));

/**
 * Checks answers against the responses the document declares, with Ajv's JSON Schema 2020-12
 * validator resolving the document's own `$ref`s.
 */
export class AnswerChecker {
  readonly #ajv = new Ajv2020({ strict: false, allErrors: true });
  readonly #validators = new Map<string, ValidateFunction>();

  constructor(private readonly doc: OpenApi) {
    this.#ajv.addSchema(doc as object, DOC);
  }

  /** What is wrong with the answer, or undefined when it is one the operation declares. */
  problem(op: Operation, answer: Answer): string | undefined {
    if (answer.status >= 500) return `answered ${answer.status}: ${preview(answer.body)}`;
    let pointer = `${op.pointer}/responses/${segment(String(answer.status))}`;
    let response = op.spec.responses[String(answer.status)] as Record<string, unknown> | undefined;
    if (!response) return `answered ${answer.status}, which is not declared: ${preview(answer.body)}`;
    if (typeof response.$ref === "string") {
      // A ref's segments are JSON-pointer escaped already.
      pointer = response.$ref.slice(1).split("/").map(encodeURIComponent).join("/");
      response = this.#at(response.$ref) as Record<string, unknown>;
    }
    const content = response.content as Record<string, { schema?: unknown }> | undefined;
    if (!content) return answer.body.length ? `answered a body where none is declared` : undefined;
    const media = answer.type.split(";")[0]?.trim().toLowerCase() ?? "";
    const declared = Object.keys(content).find((m) => covers(m, media));
    if (!declared)
      return `answered ${media || "no content type"}; declared ${Object.keys(content).join(", ")}`;
    if (!content[declared]?.schema) return answer.body.length ? undefined : "answered no bytes";
    let body: unknown;
    try {
      body = JSON.parse(new TextDecoder().decode(answer.body));
    } catch {
      return `answered ${declared} that does not parse: ${preview(answer.body)}`;
    }
    const validate = this.#validator(`${pointer}/content/${segment(declared)}/schema`);
    if (validate(body)) return undefined;
    const errors = this.#ajv.errorsText(validate.errors, { dataVar: "answer" });
    return `answered ${answer.status} off its schema (${errors.slice(0, 600)}): ${preview(answer.body)}`;
  }

  #validator(pointer: string): ValidateFunction {
    let v = this.#validators.get(pointer);
    if (!v) {
      v = this.#ajv.compile({ $ref: `${DOC}#${pointer}` });
      this.#validators.set(pointer, v);
    }
    return v;
  }

  #at(ref: string): unknown {
    let node: unknown = this.doc;
    for (const s of ref.slice(2).split("/")) {
      node = (node as Record<string, unknown>)[s.replace(/~1/g, "/").replace(/~0/g, "~")];
    }
    return node;
  }
}

function preview(body: Uint8Array): string {
  return new TextDecoder().decode(body.slice(0, 400));
}
