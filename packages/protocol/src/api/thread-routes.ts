import { threadsQuerySchema, threadsResponseSchema } from "../threads-inbox.js";
import type { ApiRoute } from "./route.js";

/** The threads inbox (docs/api.md "Threads inbox"). */
export const threadRoutes = {
  listThreads: {
    tag: "threads",
    auth: "user",
    method: "GET",
    path: "/chat/threads",
    summary: "The threads the caller takes part in, newest reply first, with their unread replies",
    description:
      "A thread counts when the caller wrote its parent or a reply, in a channel they are a member of " +
      "and may read now. Paged by the opaque `next` of the previous page.",
    query: threadsQuerySchema,
    answers: { 200: threadsResponseSchema },
    errors: [],
  },
} as const satisfies Record<string, ApiRoute>;
