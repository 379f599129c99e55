import type { z } from "zod";
import { ERROR_STATUS, type ErrorCode } from "../errors.js";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * What a call must carry. `user`: a user's chat token (`streamToken`); `server`: a server-side
 * token acting for `user_id`; `either`: one of the two; both with the `api_key` query parameter.
 * `session`: the product session token (`/api`); `none`: nothing.
 */
export type RouteAuth = "none" | "session" | "user" | "server" | "either";

/** An answer that is no JSON: the bytes of a file, in one of these media types. */
export interface BinaryAnswer {
  binary: readonly string[];
}

/** A success answer: a JSON body, bytes, or no body at all (`null`, e.g. 204). */
export type Answer = z.ZodType | BinaryAnswer | null;

/** One REST route: everything the server validates, the SDK calls and OpenAPI describes. */
export interface ApiRoute {
  method: HttpMethod;
  /** The full path, parameters as `{name}` (OpenAPI style); `fastifyPath` converts. */
  path: `/${"api" | "chat"}/${string}`;
  summary: string;
  description?: string;
  tag: string;
  auth: RouteAuth;
  params?: z.ZodType;
  /** Query parameters besides `api_key` and `user_id`, which authentication consumes. */
  query?: z.ZodType;
  /** A JSON body; a route without one accepts none (an empty object at most). */
  body?: z.ZodType;
  /** The body is `multipart/form-data` with one `file` part instead of JSON. */
  upload?: true;
  /** Bytes a body may have, when not the server's default (1 MiB). */
  bodyLimit?: number;
  /** Success answers by status. */
  answers: { readonly [status: number]: Answer };
  /** The error codes particular to this route; `errorsOf` adds those every such route may answer. */
  errors: readonly ErrorCode[];
}

/**
 * Every call: a field or parameter breaking its rule (unknown query parameters included), too
 * many requests, the store unavailable or the server shutting down, a bug.
 */
const ALWAYS: readonly ErrorCode[] = ["validation", "rate_limited", "unavailable", "internal"];

const BY_AUTH: Record<RouteAuth, readonly ErrorCode[]> = {
  none: [],
  session: ["unauthorized", "token_invalid"],
  // A missing or foreign api_key or token; an app-wide ban; `user_id` with a user token (403),
  // missing with a server token (400) or naming nobody (404).
  user: ["invalid_api_key", "unauthorized", "token_expired", "token_invalid", "banned", "forbidden"],
  server: ["invalid_api_key", "unauthorized", "token_expired", "token_invalid", "validation", "not_found"],
  either: [
    "invalid_api_key",
    "unauthorized",
    "token_expired",
    "token_invalid",
    "banned",
    "forbidden",
    "validation",
    "not_found",
  ],
};

/** Malformed JSON, a body of another type, one over the limit, or one breaking its schema. */
const JSON_BODY: readonly ErrorCode[] = ["bad_request", "unsupported_media_type", "payload_too_large"];

/** Every error code a route may answer, ordered by status then code. */
export function errorsOf(route: ApiRoute): ErrorCode[] {
  const codes = new Set<ErrorCode>([...route.errors, ...BY_AUTH[route.auth], ...ALWAYS]);
  if (route.method !== "GET" && !route.upload) for (const c of JSON_BODY) codes.add(c);
  return [...codes].sort((a, b) => ERROR_STATUS[a] - ERROR_STATUS[b] || a.localeCompare(b));
}

/** `/chat/messages/{id}` → `/chat/messages/:id`. */
export function fastifyPath(path: string): string {
  return path.replace(/\{([^}]+)\}/g, ":$1");
}

export function isBinaryAnswer(answer: Answer): answer is BinaryAnswer {
  return answer !== null && "binary" in answer;
}
