import { z } from "zod";
import { accountRoutes } from "./account-routes.js";
import { channelRoutes } from "./channel-routes.js";
import { fileRoutes } from "./file-routes.js";
import { messageRoutes } from "./message-routes.js";
import { moderationRoutes } from "./moderation-routes.js";
import { notificationRoutes } from "./notification-routes.js";
import { oidcRoutes } from "./oidc-routes.js";
import { passwordRoutes } from "./password-routes.js";
import { pollRoutes } from "./poll-routes.js";
import { receiptRoutes } from "./receipt-routes.js";
import type { ApiRoute } from "./route.js";
import { sessionRoutes } from "./session-routes.js";
import { signupRoutes } from "./signup-routes.js";
import { statusRoutes } from "./status-routes.js";
import { threadRoutes } from "./thread-routes.js";
import { twoFactorRoutes } from "./two-factor-routes.js";
import { userRoutes } from "./user-routes.js";

export const OPENAPI_PATH = "/chat/openapi.json";

const referenceRoutes = {
  openapi: {
    tag: "reference",
    method: "GET",
    path: OPENAPI_PATH,
    auth: "none",
    summary: "This document: the REST API as OpenAPI 3.1",
    answers: {
      200: z.looseObject({ openapi: z.string(), info: z.looseObject({}), paths: z.looseObject({}) }),
    },
    errors: [],
  },
  docs: {
    tag: "reference",
    method: "GET",
    path: "/chat/docs",
    auth: "none",
    summary: "This document as a page to read and try calls from (Swagger UI)",
    description:
      "A page, not an API: its scripts, styles and a copy of this document are served under `/chat/docs/`.",
    answers: { 200: { binary: ["text/html"] } },
    errors: [],
  },
} as const satisfies Record<string, ApiRoute>;

/**
 * Every REST route of `/api` and `/chat`, by operation name: the server registers and validates
 * from it, the SDK calls through it, and the OpenAPI document is generated from it.
 */
export const apiRoutes = {
  ...accountRoutes,
  ...channelRoutes,
  ...messageRoutes,
  ...threadRoutes,
  ...fileRoutes,
  ...pollRoutes,
  ...moderationRoutes,
  ...userRoutes,
  ...statusRoutes,
  ...notificationRoutes,
  ...receiptRoutes,
  ...oidcRoutes,
  ...passwordRoutes,
  ...signupRoutes,
  ...twoFactorRoutes,
  ...sessionRoutes,
  ...referenceRoutes,
} as const satisfies Record<string, ApiRoute>;

export type ApiRoutes = typeof apiRoutes;
export type ApiRouteName = keyof ApiRoutes;
