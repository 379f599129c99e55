import { API_KEY_PARAM } from "@parley/protocol";
import type { FastifyRequest } from "fastify";
import type { SessionMeta } from "../domain/accounts/accounts-service.js";
import type { ChatAuth } from "../domain/auth/chat-auth.js";
import type { Actor } from "../domain/auth/chat-tokens.js";

declare module "fastify" {
  interface FastifyRequest {
    actor: Actor;
  }
}

/** Where a sign-in request comes from, kept with the session it opens. */
export function sessionMeta(req: FastifyRequest): SessionMeta {
  const ua = req.headers["user-agent"];
  return { ip: req.ip, userAgent: typeof ua === "string" ? ua : "" };
}

export function bearer(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  if (!h) return undefined;
  const m = /^Bearer\s+(\S+)$/i.exec(h);
  return m?.[1];
}

/**
 * preValidation hook of every authenticated /chat route: api_key + token (+ user_id for server
 * tokens) → req.actor. api_key and user_id are consumed here, so the query and body schemas that
 * validate next stay strict.
 */
export function chatAuthHook(auth: ChatAuth) {
  return async (req: FastifyRequest) => {
    const q = (req.query ?? {}) as Record<string, unknown>;
    const b = (req.body ?? {}) as Record<string, unknown>;
    const userId =
      typeof q.user_id === "string" ? q.user_id : typeof b.user_id === "string" ? b.user_id : undefined;
    req.actor = await auth.authenticate({
      apiKey: typeof q[API_KEY_PARAM] === "string" ? (q[API_KEY_PARAM] as string) : undefined,
      token: bearer(req),
      userId,
    });
    await dropAuthParams(req);
  };
}

/** Takes `api_key` and `user_id` out of the query and `user_id` out of the body. */
export async function dropAuthParams(req: FastifyRequest): Promise<void> {
  const q = (req.query ?? {}) as Record<string, unknown>;
  const b = (req.body ?? {}) as Record<string, unknown>;
  delete q[API_KEY_PARAM];
  delete q.user_id;
  if (typeof b.user_id === "string") delete b.user_id;
}
