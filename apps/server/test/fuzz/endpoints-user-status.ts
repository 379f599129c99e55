import type { FuzzEndpoint } from "./rest-harness.js";

/** The caller's own status. */
export function userStatusEndpoints(): FuzzEndpoint[] {
  return [
    {
      name: "set own status",
      schema: "setUserStatusBodySchema",
      method: "PUT",
      path: () => "/chat/me/status",
      base: { emoji: "🌴", text: "On holiday", expires_at: new Date(Date.now() + 3600_000).toISOString() },
    },
  ];
}
