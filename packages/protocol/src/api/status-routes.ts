import { z } from "zod";
import { userResponseSchema } from "../models.js";
import { setUserStatusBodySchema } from "../user-status.js";
import type { ApiRoute } from "./route.js";

const own = { tag: "users", auth: "user", path: "/chat/me/status" } as const;
const answer = { 200: z.object({ user: userResponseSchema }) };

/** The caller's status (docs/api.md "User status"); Do Not Disturb is `PATCH /chat/me/notifications`. */
export const statusRoutes = {
  setStatus: {
    ...own,
    method: "PUT",
    summary: "Set the caller's status: an emoji, a text of up to 100 characters, and when it clears",
    description:
      "Replaces the whole status; at least one of `emoji` and `text` is needed. The caller's channels' " +
      "watchers get `user.updated`.",
    body: setUserStatusBodySchema,
    answers: answer,
    errors: [],
  },
  clearStatus: {
    ...own,
    method: "DELETE",
    summary: "Clear the caller's status",
    description: "The caller's channels' watchers get `user.updated`. Clearing no status is no error.",
    answers: answer,
    errors: [],
  },
} as const satisfies Record<string, ApiRoute>;
