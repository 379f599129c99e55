import { apiRoutes } from "@parley/protocol";
import type { FastifyPluginAsync } from "fastify";
import type { ImageProxy } from "../../outbound/image-proxy.js";
import { serve } from "../serve-route.js";

/** Nothing in an answer may ever run, even opened on its own as a document. */
const IMAGE_CSP = "default-src 'none'; sandbox";

/** `GET /chat/images?url=…`: an image of another host, fetched by the server (outbound/image-proxy.ts). */
export const chatImageRoutes =
  (images: ImageProxy): FastifyPluginAsync =>
  async (app) => {
    serve(app, apiRoutes.getImage, async (req, reply) => {
      const image = await images.get(req.query.url);
      return reply
        .header("content-type", image.type)
        .header("content-length", String(image.body.length))
        .header("x-content-type-options", "nosniff")
        .header("content-security-policy", IMAGE_CSP)
        .header("cross-origin-resource-policy", "same-origin")
        .header("cache-control", "private, max-age=3600")
        .send(image.body);
    });
  };
