import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import { apiRoutes } from "@parley/protocol";
import type { FastifyPluginAsync } from "fastify";
import { servePage } from "../serve-route.js";
import { servedDocument } from "./openapi.js";
import { contentSecurityPolicy } from "./web.js";

/**
 * `GET /chat/docs`: the OpenAPI document as a page (Swagger UI), its scripts, styles and images
 * served from here, nothing from another host. /chat answers carry no page policy, so the page
 * gets the web app's: Swagger UI loads its scripts as files and inlines nothing but styles.
 */
export const docsRoutes =
  (allowedOrigins: readonly string[]): FastifyPluginAsync =>
  async (app) => {
    await servePage(app, apiRoutes.docs, async (page) => {
      // A placeholder: the page is shown the table's document, built on first request (below).
      const placeholder = { openapi: "3.1.0", info: { title: "Parley API", version: "" }, paths: {} };
      await page.register(fastifySwagger, { mode: "static", specification: { document: placeholder } });
      await page.register(fastifySwaggerUi, {
        routePrefix: apiRoutes.docs.path.slice(app.prefix.length),
        indexPrefix: app.prefix,
        staticCSP: contentSecurityPolicy(allowedOrigins),
        transformSpecification: servedDocument,
        transformSpecificationClone: false,
        theme: { title: "Parley API" },
      });
    });
  };
