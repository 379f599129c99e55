import { createHash } from "node:crypto";
import fastifyRateLimit from "@fastify/rate-limit";
import { ErrorCode, WS_PATH } from "@parley/protocol";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Redis } from "ioredis";
import { DomainError } from "../domain/errors.js";

export interface RateLimitOptions {
  perMinute: number;
  /** Shared by every node when set (counts live in Redis), else counted in this process. */
  redis: Redis | undefined;
  /** Keeps deployments that share a Redis apart. */
  appKey: string;
}

/** Who a request is counted for: its bearer token (hashed: no secret lands in Redis), else its IP. */
function keyOf(req: FastifyRequest): string {
  const auth = req.headers.authorization;
  return auth ? `t:${createHash("sha256").update(auth).digest("base64url").slice(0, 24)}` : `ip:${req.ip}`;
}

/** Only the APIs count; the WebSocket upgrade (its own auth deadline), health and the web app do not. */
function exempt(req: FastifyRequest): boolean {
  const path = req.url.split("?")[0] ?? "";
  if (path === WS_PATH) return true;
  return !(path.startsWith("/chat/") || path.startsWith("/api/"));
}

/**
 * A fixed window of `perMinute` requests per token across `/api` and `/chat` (429 with
 * Retry-After). With Redis the count is shared by all nodes; if Redis fails, requests pass.
 */
export async function registerRateLimit(app: FastifyInstance, opts: RateLimitOptions): Promise<void> {
  if (opts.perMinute <= 0) return;
  await app.register(fastifyRateLimit, {
    global: true,
    max: opts.perMinute,
    timeWindow: 60_000,
    hook: "onRequest",
    keyGenerator: keyOf,
    allowList: exempt,
    skipOnError: true,
    ...(opts.redis ? { redis: opts.redis, nameSpace: `parley:${opts.appKey}:rate:` } : {}),
    errorResponseBuilder: (_req, ctx) =>
      new DomainError(
        ErrorCode.rateLimited,
        `too many requests: at most ${ctx.max} a minute; try again in ${ctx.after}`,
      ),
  });
}
