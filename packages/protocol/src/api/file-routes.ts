import { z } from "zod";
import { attachmentResponseSchema } from "../models.js";
import { imageQuerySchema, PROXIED_IMAGE_TYPES } from "../rest.js";
import { channelPath, idPath } from "./params.js";
import type { ApiRoute } from "./route.js";

const tag = "files";

/** Uploads, downloads and the image proxy (docs/api.md "Uploads", "Images"). */
export const fileRoutes = {
  uploadFile: {
    tag,
    method: "POST",
    path: "/chat/channels/{type}/{id}/uploads",
    auth: "either",
    params: channelPath,
    summary: "Upload a file to a channel, to attach to a message (multipart/form-data, one `file` part)",
    upload: true,
    answers: { 201: z.object({ file: attachmentResponseSchema }) },
    errors: [
      "bad_request",
      "forbidden",
      "banned",
      "not_found",
      "payload_too_large",
      "unsupported_media_type",
    ],
  },
  getFile: {
    tag,
    method: "GET",
    path: "/chat/uploads/{id}",
    auth: "either",
    params: idPath,
    summary: "A file's bytes: images inline, anything else as an attachment (`application/octet-stream`)",
    answers: { 200: { binary: ["application/octet-stream", "image/*"] } },
    errors: ["forbidden", "not_found"],
  },
  getImage: {
    tag,
    method: "GET",
    path: "/chat/images",
    auth: "either",
    summary: "An image of another host (a user's or channel's `image`), fetched by the server",
    query: imageQuerySchema,
    answers: { 200: { binary: PROXIED_IMAGE_TYPES } },
    errors: ["bad_request", "payload_too_large", "unsupported_media_type", "unavailable"],
  },
} as const satisfies Record<string, ApiRoute>;
