import { ErrorCode } from "@parley/protocol";
import type { z } from "zod";
import { DomainError } from "../domain/errors.js";

/** Validates input with a protocol schema; a failure is a 400 naming every bad field. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const r = schema.safeParse(input ?? {});
  if (r.success) {
    const at = nulAt(r.data, "");
    if (at !== undefined) {
      const key = at || "body";
      throw new DomainError(ErrorCode.validation, `${key}: must not contain NUL characters`, {
        [key]: "must not contain NUL characters",
      });
    }
    return r.data;
  }
  const unknownOperation = r.error.issues.find(isUnknownOperation);
  if (unknownOperation) throw unknownOperationError(unknownOperation, input);
  const fields: Record<string, string> = {};
  for (const issue of r.error.issues) {
    const key = issue.path.join(".") || "body";
    if (issue.code === "unrecognized_keys") {
      for (const k of issue.keys) fields[[...issue.path, k].join(".")] ??= "unknown field";
      continue;
    }
    fields[key] ??= issue.message;
  }
  const first = Object.entries(fields)[0];
  const message = first ? (first[0] === "body" ? first[1] : `${first[0]}: ${first[1]}`) : "invalid input";
  throw new DomainError(ErrorCode.validation, message, fields);
}

type UnknownOperation = z.core.$ZodIssue & { discriminator: string; options: unknown[] };

/**
 * A body whose top-level discriminator (`POST /api/auth`'s `action`) names no operation asks for
 * something the route does not do: `bad_request`, not a field to correct.
 */
function isUnknownOperation(issue: z.core.$ZodIssue): issue is UnknownOperation {
  return (
    issue.code === "invalid_union" &&
    issue.path.length === 1 &&
    typeof issue.discriminator === "string" &&
    "options" in issue &&
    Array.isArray(issue.options)
  );
}

function unknownOperationError(issue: UnknownOperation, input: unknown): DomainError {
  const given = (input as Record<string, unknown> | null | undefined)?.[issue.discriminator];
  const options = issue.options.map(String);
  return new DomainError(
    ErrorCode.badRequest,
    `unknown ${issue.discriminator} ${JSON.stringify(given ?? null).slice(0, 40)}; use ${options.slice(0, -1).join(", ")} or ${options.at(-1)}`,
  );
}

/**
 * The path of the first string holding U+0000, which no text in Parley may carry (PostgreSQL
 * cannot store it, and no person types it): refused on both engines alike.
 */
function nulAt(value: unknown, path: string): string | undefined {
  if (typeof value === "string") return value.includes("\u0000") ? path : undefined;
  if (typeof value !== "object" || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = nulAt(item, path ? `${path}.${key}` : key);
    if (found !== undefined) return found;
  }
  return undefined;
}
