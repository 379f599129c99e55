import { apiRoutes, ErrorCode } from "@parley/protocol";
import type { FastifyPluginAsync } from "fastify";
import { DomainError } from "../../domain/errors.js";
import type { Services } from "../../services.js";
import { bearer, sessionMeta } from "../chat-auth.js";
import { serve } from "../serve-route.js";

/** The product API: the spec's sign-up function (one POST with an `action`), plus profile. */
export const accountRoutes =
  (s: Services, appKey: string): FastifyPluginAsync =>
  async (app) => {
    serve(app, apiRoutes.auth, async (req, reply) => {
      const body = req.body;
      switch (body.action) {
        case "signup":
          reply.status(201);
          // Under the sign-up mode, with its invite (domain/invites/signup-service.ts).
          return s.signup.signup(body, sessionMeta(req));
        case "signin":
          return s.accounts.signin(body, sessionMeta(req));
        case "signout":
          await s.accounts.signout(body.token);
          return reply.status(204).send();
        case "signin_2fa":
          return s.twoFactorSignin.secondStep(body, sessionMeta(req));
        case "sso":
          if (!s.sso) throw new DomainError(ErrorCode.ssoCodeInvalid, "single sign-on is not configured");
          return s.sso.exchange(body.code, sessionMeta(req));
      }
    });
    serve(app, apiRoutes.updateProfile, async (req) => ({
      user: await s.accounts.updateProfile(bearer(req), req.body),
    }));
    serve(app, apiRoutes.config, async () => ({
      apiKey: appKey,
      signupMode: (await s.settings.current()).signupMode,
      passwordResetByEmail: s.passwords.byEmail,
      sso: s.sso ? { name: s.sso.name } : null,
      localPasswords: !s.sso?.ssoOnly,
    }));
  };
