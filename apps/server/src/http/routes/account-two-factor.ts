import { apiRoutes } from "@parley/protocol";
import type { FastifyPluginAsync } from "fastify";
import type { Services } from "../../services.js";
import { bearer } from "../chat-auth.js";
import { serve } from "../serve-route.js";

/** Two-factor sign-in (docs/api.md "Two-factor sign-in"); under `/api`. The second step is `/api/auth`. */
export const twoFactorRoutes =
  (s: Services): FastifyPluginAsync =>
  async (app) => {
    serve(app, apiRoutes.twoFactorStatus, async (req) => s.twoFactor.status(bearer(req)));
    serve(app, apiRoutes.startTwoFactor, async (req) => s.twoFactor.start(bearer(req)));
    serve(app, apiRoutes.confirmTwoFactor, async (req) => s.twoFactor.confirm(bearer(req), req.body.code));
    serve(app, apiRoutes.disableTwoFactor, async (req) => s.twoFactor.disable(bearer(req), req.body));
    serve(app, apiRoutes.regenerateRecoveryCodes, async (req) =>
      s.twoFactor.regenerate(bearer(req), req.body.code),
    );
    serve(app, apiRoutes.startChallengeEnrolment, async (req) =>
      s.twoFactorSignin.enrolWithChallenge(req.body.challenge, req.ip),
    );
  };
