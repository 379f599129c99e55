import { apiRoutes as r } from "@parley/protocol";
import type { FastifyPluginAsync } from "fastify";
import type { Services } from "../../services.js";
import { serve } from "../serve-route.js";

/** Read receipts: the privacy setting and who has read a message (docs/api.md "Read receipts"). */
export const chatReceiptRoutes =
  (s: Services): FastifyPluginAsync =>
  async (app) => {
    serve(app, r.getPrivacySettings, async (req) => ({ privacy: await s.receipts.privacy(req.actor) }));
    serve(app, r.updatePrivacySettings, async (req) => ({
      privacy: await s.receipts.updatePrivacy(req.actor, req.body),
    }));
    serve(app, r.getMessageReaders, async (req) => s.receipts.readers(req.actor, req.params.id, req.query));
  };
