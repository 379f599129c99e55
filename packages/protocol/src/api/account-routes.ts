import { z } from "zod";
import { accountUserSchema, authBodySchema, authResponseSchema, profileBodySchema } from "../auth.js";
import type { ApiRoute } from "./route.js";

const tag = "accounts";
/** Bodies of the product API are small: credentials and a profile. */
const API_BODY_LIMIT = 16 * 1024;

/** The product API (docs/api.md "Accounts"): the spec's sign-up function, profile and config. */
export const accountRoutes = {
  auth: {
    tag,
    method: "POST",
    path: "/api/auth",
    auth: "none",
    summary: "Sign up (201), sign in (200) or sign out (204, revoking the session): `action` says which",
    body: authBodySchema,
    bodyLimit: API_BODY_LIMIT,
    answers: { 201: authResponseSchema, 200: authResponseSchema, 204: null },
    errors: ["bad_request", "invalid_credentials", "token_invalid", "banned", "username_taken"],
  },
  updateProfile: {
    tag,
    method: "PATCH",
    path: "/api/profile",
    auth: "session",
    summary: "Change the account's display name or picture; the chat user follows",
    body: profileBodySchema,
    bodyLimit: API_BODY_LIMIT,
    answers: { 200: z.object({ user: accountUserSchema }) },
    errors: [],
  },
  config: {
    tag,
    method: "GET",
    path: "/api/config",
    auth: "none",
    summary: "The public application key the web app sends as `api_key`",
    answers: { 200: z.object({ apiKey: z.string() }) },
    errors: [],
  },
} as const satisfies Record<string, ApiRoute>;
