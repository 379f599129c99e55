import type { FuzzEndpoint } from "./rest-harness.js";

export interface ReceiptFixture {
  messageId: string;
  userId: string;
}

/** The read-receipt privacy setting and the readers of a message (its query string). */
export function readReceiptEndpoints(f: ReceiptFixture): FuzzEndpoint[] {
  return [
    {
      name: "privacy settings",
      schema: "updatePrivacyBodySchema",
      method: "PATCH",
      path: () => "/chat/me/privacy",
      base: { share_read_receipts: false },
    },
    {
      name: "message readers",
      schema: "messageReadersQuerySchema",
      method: "GET",
      path: () => `/chat/messages/${f.messageId}/readers`,
      base: { limit: 10, after: f.userId },
      query: true,
    },
  ];
}
