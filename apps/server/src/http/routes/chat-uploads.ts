import { apiRoutes } from "@parley/protocol";
import type { FastifyPluginAsync } from "fastify";
import type { Services } from "../../services.js";
import { firstFile } from "../multipart-file.js";
import { serve } from "../serve-route.js";
import { cidOf } from "./chat-params.js";

/** Downloads run in a sandbox: even an HTML or SVG file can never script this origin. */
const FILE_CSP = "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox";

export const chatUploadRoutes =
  (s: Services, maxBytes: number): FastifyPluginAsync =>
  async (app) => {
    // The body is left unparsed here: the route streams it (multipart-file.ts).
    app.addContentTypeParser("multipart/form-data", (_req, _payload, done) => done(null, undefined));
    serve(app, apiRoutes.uploadFile, async (req, reply) => {
      const cid = cidOf(req.params);
      const incoming = await firstFile(req.raw, maxBytes);
      try {
        const file = await s.uploads.upload(req.actor, cid, incoming);
        reply.status(201);
        return { file };
      } catch (err) {
        incoming.discard();
        throw err;
      }
    });
    serve(app, apiRoutes.getFile, async (req, reply) => {
      const f = await s.uploads.open(req.actor, req.params.id);
      const disposition = f.inline ? "inline" : "attachment";
      return reply
        .header("content-type", f.inline ? f.upload.mime : "application/octet-stream")
        .header("content-length", String(f.upload.size))
        .header(
          "content-disposition",
          `${disposition}; filename*=UTF-8''${encodeURIComponent(f.upload.name)}`,
        )
        .header("x-content-type-options", "nosniff")
        .header("content-security-policy", FILE_CSP)
        .header("cache-control", "private, max-age=3600")
        .send(f.stream);
    });
  };
