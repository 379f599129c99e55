import type { FuzzEndpoint } from "./rest-harness.js";

/** The threads inbox's query string (limit, and the `next` cursor of a page it gave). */
export function threadsInboxEndpoints(next: () => string): FuzzEndpoint[] {
  return [
    {
      name: "threads inbox",
      schema: "threadsQuerySchema",
      method: "GET",
      path: () => "/chat/threads",
      base: { limit: 1, next: next() },
      query: true,
    },
  ];
}
