import { createHash } from "node:crypto";
import fastifyRateLimit from "@fastify/rate-limit";
import { ErrorCode, WS_PATH } from "@parley/protocol";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ChatTokens } from "../domain/auth/chat-tokens.js";
import { DomainError } from "../domain/errors.js";
import type { LimiterRedis } from "../realtime/limiter-redis.js";
import { bearer } from "./chat-auth.js";
import { guardedStore } from "./rate-limit-store.js";

const WINDOW_MS = 60_000;

export interface RateLimitOptions {
  perMinute: number;
  /** Shared by every node when set (counts live in Redis), else counted in this process. */
  redis: LimiterRedis | undefined;
  /** Keeps deployments that share a Redis apart. */
  appKey: string;
  /** Checks a bearer token's signature and expiry (cached), so a request counts for who sent it. */
  tokens: Pick<ChatTokens, "verify">;
}

/** Only the APIs count; the WebSocket upgrade (its own auth deadline), health and the web app do not. */
function exempt(req: FastifyRequest): boolean {
  const path = req.url.split("?")[0] ?? "";
  if (path === WS_PATH) return true;
  return !(path.startsWith("/chat/") || path.startsWith("/api/"));
}

/**
 * Who a request is counted for: the verified identity of its bearer token (read by the parser
 * the chat routes use, so no spelling of the header gets a bucket of its own), else its IP. A
 * user token counts for its user (`u:`), a server token, which may act for any user, for
 * itself (`s:`, hashed: no secret lands in Redis); a request without a token, or with one that
 * does not verify, counts for its IP (`ip:`), so an invented header escapes nothing.
 */
export function rateKeyOf(tokens: Pick<ChatTokens, "verify">) {
  return async (req: FastifyRequest): Promise<string> => {
    if (exempt(req)) return "exempt";
    const token = bearer(req);
    if (token) {
      const t = await tokens.verify(token).catch(() => undefined);
      if (t?.server) return `s:${createHash("sha256").update(token).digest("base64url").slice(0, 24)}`;
      if (t?.userId) return `u:${t.userId}`;
    }
    return `ip:${req.ip}`;
  };
}

/**
 * A fixed window of `perMinute` requests per caller across `/api` and `/chat` (429 with
 * Retry-After). With Redis the count is shared by all nodes; while Redis is slow or down it is
 * kept per node (a count waits for Redis at most a quarter second), until Redis answers again.
 */
export async function registerRateLimit(app: FastifyInstance, opts: RateLimitOptions): Promise<void> {
  if (opts.perMinute <= 0) return;
  await app.register(fastifyRateLimit, {
    global: true,
    max: opts.perMinute,
    timeWindow: WINDOW_MS,
    hook: "onRequest",
    keyGenerator: rateKeyOf(opts.tokens),
    allowList: exempt,
    skipOnError: true,
    ...(opts.redis ? { store: guardedStore(opts.redis, `parley:${opts.appKey}:rate:`, WINDOW_MS) } : {}),
    errorResponseBuilder: (_req, ctx) =>
      new DomainError(
        ErrorCode.rateLimited,
        `too many requests: at most ${ctx.max} a minute; try again in ${ctx.after}`,
      ),
  });
}
