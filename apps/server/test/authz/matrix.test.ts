import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { type Fixture, makeFixture } from "./fixture.js";
import { type Cast, castOf, type Outcome, ROLES } from "./roles.js";
import type { Row } from "./row.js";
import { accountsAdminRows } from "./rows-accounts-admin.js";
import { channelRows } from "./rows-channels.js";
import { favouriteRows } from "./rows-favourites.js";
import { messageRows } from "./rows-messages.js";
import { moderationRows } from "./rows-moderation.js";
import { notificationRows } from "./rows-notifications.js";
import { oidcRows } from "./rows-oidc.js";
import { passwordRows } from "./rows-passwords.js";
import { pollRows } from "./rows-polls.js";
import { readReceiptRows } from "./rows-read-receipts.js";
import { sessionRows } from "./rows-sessions.js";
import { threadsInboxRows } from "./rows-threads-inbox.js";
import { twoFactorRows } from "./rows-two-factor.js";
import { userStatusRows } from "./rows-user-status.js";
import { websocketRows } from "./rows-websocket.js";

/**
 * The authorization matrix: every REST call, WebSocket frame and search source (rows) × every
 * relation a user can have to a channel (columns: signed out, non-member, ex-member, member,
 * channel moderator, app admin, member banned in the channel). Each row's table says what each
 * column must get; a cell that gets anything else (or an unexpected status) fails the row.
 */
const TABLES: [string, Row[]][] = [
  ["channels", channelRows],
  ["messages, threads, pins, reactions, uploads", messageRows],
  ["polls", pollRows],
  ["search, moderation, policies, account", moderationRows],
  ["notifications", notificationRows],
  ["favourites", favouriteRows],
  ["read receipts", readReceiptRows],
  ["threads inbox", threadsInboxRows],
  ["user status", userStatusRows],
  ["single sign-on", oidcRows],
  ["passwords", passwordRows],
  ["sign-up modes, invites, admin settings", accountsAdminRows],
  ["two-factor sign-in", twoFactorRows],
  ["sessions, deactivation", sessionRows],
  ["websocket", websocketRows],
];

let s: TestServer;
let cast: Cast;

beforeAll(async () => {
  s = await startTestServer({ LOG_LEVEL: "silent" });
  cast = await castOf(s);
}, 60_000);
afterAll(() => s.close());

describe.each(TABLES)("authorization matrix: %s", (_name, rows) => {
  it.each(rows.map((r) => [r.name, r] as const))("%s", async (_n, r) => {
    let shared: Fixture | undefined;
    const got: Record<string, Outcome> = {};
    for (const role of ROLES) {
      if (!r.fresh && !shared) shared = await makeFixture(s, cast);
      const fx = r.fresh || !shared ? await makeFixture(s, cast) : shared;
      try {
        got[role] = await r.run({ s, cast, fx, role, me: cast.actors[role] });
      } catch (err) {
        got[role] = `threw ${String(err).slice(0, 200)}`;
      }
    }
    const want = Object.fromEntries(ROLES.map((role, i) => [role, r.expect[i]]));
    expect(got).toEqual(want);
  });
});
