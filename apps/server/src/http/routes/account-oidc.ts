import { apiRoutes, ErrorCode } from "@parley/protocol";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { DomainError } from "../../domain/errors.js";
import { SsoFailure } from "../../domain/oidc/identity-provider.js";
import type { SsoService } from "../../domain/oidc/sso-service.js";
import { bearer } from "../chat-auth.js";
import { serve } from "../serve-route.js";

/** Binds a started sign-in to the browser that started it; sent back only to the callback. */
const COOKIE = "parley_sso";
const COOKIE_PATH = "/api/oidc/callback";

/**
 * Single sign-on (docs/api.md "Single sign-on"): two pages the browser is sent through, each
 * answering a 302 whatever happens (a failure goes to the sign-in page with its code, never a
 * stack), and the call that links a signed-in local account.
 */
export const oidcRoutes =
  (sso: SsoService | undefined, secureCookie: boolean): FastifyPluginAsync =>
  async (app) => {
    const cookie = (value: string, maxAge: number) =>
      `${COOKIE}=${value}; Path=${COOKIE_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secureCookie ? "; Secure" : ""}`;
    const go = (reply: FastifyReply, location: string) =>
      reply.header("cache-control", "no-store").redirect(location, 302);

    serve(app, apiRoutes.oidcStart, async (req, reply) => {
      if (!sso) return go(reply, "/signin?sso_error=not_configured");
      try {
        const { location, binder } = await sso.start(req.query.next);
        reply.header("set-cookie", cookie(binder, 600));
        return go(reply, location);
      } catch (err) {
        const provider = err instanceof SsoFailure;
        req.log.warn({ err: errText(err) }, "single sign-on could not start");
        return go(reply, `/signin?sso_error=${provider ? "provider" : "unavailable"}`);
      }
    });

    serve(app, apiRoutes.oidcCallback, async (req, reply) => {
      if (!sso) return go(reply, "/signin?sso_error=not_configured");
      reply.header("set-cookie", cookie("", 0));
      const query = new URL(req.url, "http://callback").searchParams;
      try {
        const { location, failure } = await sso.callback(query, cookieOf(req));
        if (failure)
          req.log.warn({ sso_error: failure.code, reason: failure.detail }, "single sign-on failed");
        return go(reply, location);
      } catch (err) {
        req.log.error({ err: errText(err) }, "single sign-on could not finish");
        return go(reply, "/signin?sso_error=unavailable");
      }
    });

    serve(app, apiRoutes.oidcLink, async (req) => {
      if (!sso) throw new DomainError(ErrorCode.notFound, "single sign-on is not configured");
      return sso.link(bearer(req), req.body.code);
    });
  };

function cookieOf(req: FastifyRequest): string | undefined {
  for (const part of (req.headers.cookie ?? "").split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === COOKIE) return value.join("=") || undefined;
  }
  return undefined;
}

function errText(err: unknown): string {
  return err instanceof Error ? `${err.name}: ${err.message}` : String(err);
}
