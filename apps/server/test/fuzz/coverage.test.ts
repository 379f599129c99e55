import * as protocol from "@parley/protocol";
import { expect, test } from "vitest";
import { accountEndpoints } from "./endpoints-accounts.js";
import { coreEndpoints } from "./endpoints-core.js";
import { favouriteEndpoints } from "./endpoints-favourites.js";
import { moderationEndpoints } from "./endpoints-moderation.js";
import { notificationEndpoints } from "./endpoints-notifications.js";
import { oidcEndpoints } from "./endpoints-oidc.js";
import { pollEndpoints } from "./endpoints-polls.js";
import { queryEndpoints } from "./endpoints-query.js";
import { readReceiptEndpoints } from "./endpoints-read-receipts.js";
import { threadsInboxEndpoints } from "./endpoints-threads-inbox.js";
import { twoFactorEndpoints } from "./endpoints-two-factor.js";
import { userStatusEndpoints } from "./endpoints-user-status.js";
import { wsShapes } from "./ws-shapes.js";

/**
 * Keeps the fuzz suites complete as the protocol grows: every body schema and every query schema
 * the protocol exports is fuzzed by some endpoint (upload metadata and WebSocket frames have
 * their own suites: upload-fuzz, ws-fuzz, ws-auth-fuzz).
 */
test("every REST body and query schema of the protocol is fuzzed", () => {
  const none = () => "";
  const endpoints = [
    ...coreEndpoints({ other: "", messageId: "", freshId: none }),
    ...pollEndpoints({ pollId: "", messageId: "", optionId: "", draftId: "", cid: "", userId: "" }),
    ...moderationEndpoints({ adminId: "", victimId: "", victimMessageId: "", cid: "", sessionToken: "" }),
    ...queryEndpoints({ channelPath: "", messageId: "", cid: "" }),
    ...notificationEndpoints(),
    ...favouriteEndpoints({ channelPath: "" }),
    ...readReceiptEndpoints({ messageId: "", userId: "" }),
    ...threadsInboxEndpoints(() => ""),
    ...userStatusEndpoints(),
    ...twoFactorEndpoints(() => ""),
    ...oidcEndpoints(() => ""),
    ...accountEndpoints(() => ""),
  ];
  const fuzzed = new Set(endpoints.map((e) => e.schema));
  // The union of signup, signin and signout, each fuzzed; the image proxy's query makes the server
  // fetch, so outbound/image-proxy.test.ts checks it against a local host instead.
  // The single-sign-on pages answer redirects, not JSON: rest-fuzz-oidc.test.ts fuzzes their queries.
  for (const covered of [
    "authBodySchema",
    "imageQuerySchema",
    "oidcStartQuerySchema",
    "oidcCallbackQuerySchema",
  ])
    fuzzed.add(covered);
  const schemas = Object.keys(protocol).filter((k) => /(Body|Query)Schema$/.test(k));
  expect(schemas.length).toBeGreaterThan(30);
  expect(schemas.filter((k) => !fuzzed.has(k))).toEqual([]);
  expect(new Set(endpoints.map((e) => e.name)).size).toBe(endpoints.length);
});

test("every WebSocket frame type is fuzzed", () => {
  const shapes = wsShapes("messaging:x");
  expect(protocol.CLIENT_FRAME_TYPES.filter((t) => shapes[t]?.type !== t)).toEqual([]);
});
