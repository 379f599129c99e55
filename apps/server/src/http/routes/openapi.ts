import { apiRoutes, type OpenApiDocument, openApiDocument } from "@parley/protocol";
import type { FastifyPluginAsync } from "fastify";
import { dropAuthParams } from "../chat-auth.js";
import { serve } from "../serve-route.js";

let document: OpenApiDocument | undefined;

/** The document of the route table, built on first use: it takes a tenth of a second. */
export const servedDocument = (): OpenApiDocument => (document ??= openApiDocument());

/** `GET /chat/openapi.json`: the REST API as OpenAPI 3.1. */
export const openApiRoutes: FastifyPluginAsync = async (app) => {
  // It needs no credentials, but a client that sends them with every /chat call may send them here.
  app.addHook("preValidation", dropAuthParams);
  serve(app, apiRoutes.openapi, async () => servedDocument());
};
