/**
 * Reset links an admin makes (POST /api/admin/users/{id}/password-reset): shown once, valid for an
 * hour, used once, voided by a newer link for the same user; using one sets the password and
 * signs out every session of the account.
 */
import { CloseCode } from "@parley/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authedSocket } from "../helpers/ws-client.js";
import { type EmailTestServer, MINUTE, startEmailServer } from "../notifications/email-harness.js";
import {
  anotherSession,
  api,
  checkReset,
  PASSWORD,
  sessionWorks,
  signin,
  tokenOf,
} from "./password-harness.js";

const PUBLIC_URL = "https://chat.example.test";
let s: EmailTestServer;
beforeAll(async () => {
  s = await startEmailServer({ PUBLIC_URL, TRUST_PROXY: "true" });
});
afterAll(() => s.close());

const createLink = (adminToken: string, userId: string) =>
  api(s, "POST", `/admin/users/${userId}/password-reset`, { token: adminToken });
const status = (token: string) => checkReset(s, token);
const reset = (token: string, new_password: string) =>
  api(s, "POST", "/password-reset", { body: { token, new_password } });

async function linkFor(userId: string): Promise<string> {
  const r = await createLink(s.admin.token, userId);
  expect(r.status).toBe(201);
  return tokenOf(r.body.url);
}

describe("an admin's reset link", () => {
  it("sets the password once and signs out every session of the account", async () => {
    const user = await s.signup();
    const other = await anotherSession(s, user.user.id);
    const socket = await authedSocket(s.wsUrl, s.apiKey, user.streamToken);

    const made = await createLink(s.admin.token, user.user.id);
    expect(made.status).toBe(201);
    expect(made.body.url).toMatch(new RegExp(`^${PUBLIC_URL}/reset-password#token=[A-Za-z0-9_-]{43}$`));
    expect(Date.parse(made.body.expires_at) - s.clock.now().getTime()).toBeGreaterThan(59 * MINUTE);
    expect(Date.parse(made.body.expires_at) - s.clock.now().getTime()).toBeLessThanOrEqual(60 * MINUTE);
    const token = tokenOf(made.body.url);

    expect(await status(token)).toEqual({
      status: 200,
      body: { username: user.user.id, expires_at: made.body.expires_at },
    });
    expect(await reset(token, "a brand new horse")).toEqual({ status: 204, body: undefined });

    expect((await socket.closed).code).toBe(CloseCode.sessionRevoked);
    expect(await sessionWorks(s, user.token)).toBe(false);
    expect(await sessionWorks(s, other.token)).toBe(false);
    expect((await signin(s, user.user.id)).status).toBe(401);
    expect((await signin(s, user.user.id, "a brand new horse")).status).toBe(200);

    const again = await reset(token, "yet another horse");
    expect(again.status).toBe(410);
    expect(again.body.error.code).toBe("reset_link_used");
    expect(again.body.error.message).toMatch(/already used/);
    expect((await status(token)).body.error.code).toBe("reset_link_used");
    expect((await signin(s, user.user.id, "a brand new horse")).status).toBe(200);
    // The token travels in bodies only, so no request line in the log holds it.
    expect(s.logs.join("")).not.toContain(token);
  });

  it("expires after an hour", async () => {
    const user = await s.signup();
    const token = await linkFor(user.user.id);
    s.clock.advance(60 * MINUTE + 1000);
    const late = await status(token);
    expect(late.status).toBe(410);
    expect(late.body.error).toEqual({
      code: "reset_link_expired",
      message: expect.stringMatching(/expired/),
    });
    expect((await reset(token, "a brand new horse")).body.error.code).toBe("reset_link_expired");
    expect((await signin(s, user.user.id)).status).toBe(200);
  });

  it("is voided by a newer link for the same user", async () => {
    const user = await s.signup();
    const first = await linkFor(user.user.id);
    const second = await linkFor(user.user.id);
    const old = await reset(first, "a brand new horse");
    expect(old.status).toBe(410);
    expect(old.body.error).toEqual({ code: "reset_link_used", message: expect.stringMatching(/newer one/) });
    expect((await signin(s, user.user.id)).status).toBe(200);
    expect((await reset(second, "a brand new horse")).status).toBe(204);
  });

  it("leaves the links of other users alone", async () => {
    const [ana, bob] = [await s.signup(), await s.signup()];
    const anas = await linkFor(ana.user.id);
    await linkFor(bob.user.id);
    expect((await status(anas)).status).toBe(200);
  });

  it("refuses a common password and stays usable", async () => {
    const user = await s.signup();
    const token = await linkFor(user.user.id);
    const weak = await reset(token, "iloveyou2");
    expect(weak.status).toBe(400);
    expect(weak.body.error.code).toBe("validation");
    expect(weak.body.error.fields).toHaveProperty("new_password");
    expect((await reset(token, user.user.id)).body.error.fields).toHaveProperty("new_password");
    expect((await reset(token, "a brand new horse")).status).toBe(204);
  });

  it("answers a clear error for a token it never made", async () => {
    const r = await status("not-a-token-it-made");
    expect(r.status).toBe(400);
    expect(r.body.error).toEqual({ code: "reset_link_invalid", message: expect.stringMatching(/not valid/) });
    expect((await reset("not-a-token-it-made", "a brand new horse")).body.error.code).toBe(
      "reset_link_invalid",
    );
  });

  it("is made by admins only, for a user who exists", async () => {
    const [user, target] = [await s.signup(), await s.signup()];
    const r = await createLink(user.token, target.user.id);
    expect(r.status).toBe(403);
    expect((await createLink("", target.user.id)).status).toBe(401);
    expect((await createLink(s.admin.token, "nobody-here")).status).toBe(404);
    expect((await signin(s, target.user.id, PASSWORD)).status).toBe(200);
  });
});
