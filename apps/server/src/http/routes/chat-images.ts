import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { parse } from "../../lib/parse.js";
import type { ImageProxy } from "../../outbound/image-proxy.js";
import { callQuery } from "./chat-params.js";

const imageQuery = z
  .object({ url: z.string({ error: "url is required: the http(s) URL of the image" }).min(1) })
  .strict();

/** Nothing in an answer may ever run, even opened on its own as a document. */
const IMAGE_CSP = "default-src 'none'; sandbox";

/** `GET /chat/images?url=…`: an image of another host, fetched by the server (outbound/image-proxy.ts). */
export const chatImageRoutes =
  (images: ImageProxy): FastifyPluginAsync =>
  async (app) => {
    app.get("/images", async (req, reply) => {
      const { url } = parse(imageQuery, callQuery(req.query));
      const image = await images.get(url);
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
