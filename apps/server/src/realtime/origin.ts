import { ErrorCode } from "@parley/protocol";
import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * Browsers always send Origin on a WebSocket upgrade; it must be this server's own origin or
 * one of ALLOWED_ORIGINS. Clients that send none (SDKs, servers) are not browsers and pass.
 */
export function originAllowed(req: FastifyRequest, allowed: readonly string[]): boolean {
  const origin = req.headers.origin;
  if (!origin) return true;
  if (allowed.includes(origin)) return true;
  const host = req.headers.host;
  return origin === `http://${host}` || origin === `https://${host}`;
}

/** A preValidation hook: a foreign origin gets HTTP 403 and the upgrade never happens. */
export function refuseForeignOrigin(allowed: readonly string[]) {
  return async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (originAllowed(req, allowed)) return;
    await reply.code(403).send({
      error: { code: ErrorCode.forbidden, message: `origin ${req.headers.origin} is not allowed` },
    });
  };
}
