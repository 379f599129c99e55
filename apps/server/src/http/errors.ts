import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import { type ErrorBody, ErrorCode } from "@parley/protocol";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { DomainError } from "../domain/errors.js";
import { classifyStorageFailure } from "../store/storage-failure.js";

function body(code: ErrorCode, message: string, fields?: Record<string, string>): ErrorBody {
  return { error: { code, message, ...(fields ? { fields } : {}) } };
}

/**
 * What the router refuses before any route runs (a path parameter over 100 characters, a bad
 * %-escape in one): `400 validation` in the API's shape, as a bad parameter anywhere else is.
 */
export function frameworkErrors(err: FastifyError, _req: FastifyRequest, reply: FastifyReply): void {
  const message =
    err.code === "FST_ERR_MAX_PARAM_LENGTH"
      ? "a path parameter is longer than 100 characters"
      : "a path parameter is not a valid URL component";
  void reply.status(400).send(body(ErrorCode.validation, message, { path: message }));
}

/** Every error becomes `{ error: { code, message } }` with its status; nothing leaks a stack. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | DomainError, req, reply) => {
    // Storage failures arrive as StorageFailure from the store; connection errors are classified here.
    const storage = classifyStorageFailure(err);
    if (storage) {
      req.log.warn({ err: storage.detail, kind: storage.kind }, "store unavailable");
      return reply.status(503).send(body(storage.code, storage.message));
    }
    if (err instanceof DomainError) {
      const retry = (err as DomainError & { retryAfterSeconds?: number }).retryAfterSeconds;
      if (retry !== undefined) reply.header("retry-after", String(retry));
      return reply.status(err.status).send(body(err.code, err.message, err.fields));
    }
    const status = err.statusCode ?? 500;
    if (err.code === "FST_ERR_CTP_BODY_TOO_LARGE" || status === 413) {
      return reply.status(413).send(body(ErrorCode.payloadTooLarge, "request body is too large"));
    }
    if (status === 429) {
      return reply.status(429).send(body(ErrorCode.rateLimited, "too many requests; try again later"));
    }
    if (status === 503) return reply.status(503).send(body(ErrorCode.unavailable, err.message));
    const byStatus: Partial<Record<number, ErrorCode>> = {
      401: ErrorCode.unauthorized,
      403: ErrorCode.forbidden,
      404: ErrorCode.notFound,
      415: ErrorCode.unsupportedMediaType,
    };
    const known = byStatus[status];
    if (known) return reply.status(status).send(body(known, err.message));
    if (status >= 400 && status < 500) {
      const message =
        err.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE"
          ? "Content-Type must be application/json"
          : err.code?.startsWith("FST_ERR_CTP") || err instanceof SyntaxError
            ? "request body is not valid JSON"
            : err.message;
      return reply.status(status).send(body(ErrorCode.badRequest, message));
    }
    req.log.error({ err }, "request failed");
    return reply.status(500).send(body(ErrorCode.internal, "internal error"));
  });
}

export function notFoundBody(method: string, url: string): ErrorBody {
  return body(ErrorCode.notFound, `no route for ${method} ${url.split("?")[0]}`);
}

/**
 * Requests Node's parser refuses before Fastify sees them (headers over 16 KiB, a request that
 * timed out, garbage) still get the JSON error shape; the connection is then closed.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket): void {
  if (err.code === "ECONNRESET" || socket.destroyed) return;
  const [status, code, message]: [number, ErrorCode, string] =
    err.code === "HPE_HEADER_OVERFLOW"
      ? [431, ErrorCode.headersTooLarge, "the request line and headers must stay under 16 KiB"]
      : err.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? [408, ErrorCode.timeout, "the request took too long to arrive"]
        : [400, ErrorCode.badRequest, "malformed HTTP request"];
  if (socket.writable) {
    const payload = JSON.stringify(body(code, message));
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(payload)}\r\nConnection: close\r\n\r\n${payload}`,
    );
  }
  socket.destroy(err);
}
