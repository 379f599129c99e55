import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.js";
import { loadConfig } from "../../src/config.js";
import { productCall } from "../helpers/product-api.js";
import { startTestServer, type TestServer, uniqueName } from "../helpers/test-server.js";

/**
 * Sign-up modes, invites and admin-made accounts against the real server: SQLite on one node,
 * or PostgreSQL + Redis on two nodes when DATABASE_URL and REDIS_URL are set.
 */
let s: TestServer;
/** Moved forward to let invites expire; both nodes read it. */
let offsetMs = 0;
beforeAll(async () => {
  s = await startTestServer({}, { clock: () => new Date(Date.now() + offsetMs) });
});
afterAll(() => s.close());
beforeEach(async () => {
  offsetMs = 0;
  await setSettings({ signupMode: "open", membersCanInvite: false });
});

const api = (method: string, path: string, token?: string, body?: unknown, base = s.url) =>
  productCall(base, token, method, path, body);

const signup = (username = uniqueName(), extra: Record<string, unknown> = {}) =>
  api("POST", "/auth", undefined, {
    action: "signup",
    username,
    displayName: `Person ${username}`,
    password: "a long enough passphrase",
    ...extra,
  });

async function setSettings(patch: Record<string, unknown>) {
  const r = await api("PATCH", "/admin/settings", s.admin.token, patch);
  expect(r.status).toBe(200);
  return r.body.settings;
}

async function invite(body: Record<string, unknown> = {}, token = s.admin.token) {
  const r = await api("POST", "/invites", token, body);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as { token: string; url: string; invite: any };
}

async function teamChannel(name: string): Promise<string> {
  const id = uniqueName("team");
  const r = await s.chat(s.admin.streamToken, "POST", `/channels/team/${id}/query`, { data: { name } });
  expect(r.status).toBeLessThan(300);
  return `team:${id}`;
}

describe("run-time settings", () => {
  it("defaults, admin edits, and /api/config tells the join page the mode", async () => {
    const read = await api("GET", "/admin/settings", s.admin.token);
    expect(read).toEqual({
      status: 200,
      body: { settings: { signupMode: "open", membersCanInvite: false, require2fa: "off" } },
    });
    expect(await setSettings({ signupMode: "invite", require2fa: "admins" })).toEqual({
      signupMode: "invite",
      membersCanInvite: false,
      require2fa: "admins",
    });
    expect((await api("GET", "/config")).body.signupMode).toBe("invite");
    await setSettings({ require2fa: "off" });
  });

  it("refuses bad values and unknown fields, changing nothing", async () => {
    for (const body of [
      { signupMode: "everyone" },
      { require2fa: "sometimes" },
      { membersCanInvite: "yes" },
      { other: 1 },
    ]) {
      const r = await api("PATCH", "/admin/settings", s.admin.token, body);
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe("validation");
    }
    expect((await api("GET", "/admin/settings", s.admin.token)).body.settings.signupMode).toBe("open");
  });

  it("is for admins only", async () => {
    const user = await s.signup();
    expect((await api("GET", "/admin/settings", user.token)).status).toBe(403);
    expect((await api("PATCH", "/admin/settings", user.token, { signupMode: "closed" })).status).toBe(403);
    expect((await api("GET", "/admin/settings")).status).toBe(401);
  });

  it("a change reaches every node's cache at once, not after its expiry", async () => {
    // Every node reads (and caches) the settings first.
    for (const node of s.nodes) expect((await node.services.settings.current()).signupMode).toBe("open");
    await setSettings({ signupMode: "closed" });
    for (const node of s.nodes) {
      await expect.poll(async () => (await node.services.settings.current()).signupMode).toBe("closed");
    }
  });
});

describe("sign-up modes", () => {
  it("open: anyone signs up; an invite given is still checked and used", async () => {
    expect((await signup()).status).toBe(201);
    const { token } = await invite();
    expect((await signup(uniqueName(), { invite: token })).status).toBe(201);
    const again = await signup(uniqueName(), { invite: token });
    expect(again.status).toBe(410);
    expect(again.body.error.code).toBe("invite_used_up");
  });

  it("invite: sign-up without an invite, or with an unknown one, is refused and creates nothing", async () => {
    await setSettings({ signupMode: "invite" });
    const name = uniqueName();
    const none = await signup(name);
    expect(none.status).toBe(403);
    expect(none.body.error).toMatchObject({ code: "invite_required" });
    const unknown = await signup(name, { invite: "A".repeat(43) });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe("invite_invalid");
    const { token } = await invite();
    expect((await signup(name, { invite: token })).status).toBe(201);
  });

  it("closed: sign-up is refused even with an invite; an admin creates the account", async () => {
    const { token } = await invite();
    await setSettings({ signupMode: "closed" });
    const r = await signup(uniqueName(), { invite: token });
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe("signup_closed");
    const username = uniqueName();
    const made = await api("POST", "/admin/users", s.admin.token, {
      username,
      displayName: "Made By Admin",
      password: "a long enough passphrase",
    });
    expect(made).toEqual({
      status: 201,
      body: { user: { id: username, displayName: "Made By Admin", profilePicture: "" } },
    });
    const signin = await api("POST", "/auth", undefined, {
      action: "signin",
      username,
      password: "a long enough passphrase",
    });
    expect(signin.status).toBe(200);
  });

  it("admin-made accounts: taken usernames, bad input and non-admins are refused", async () => {
    const body = { username: s.admin.user.id, displayName: "X", password: "a long enough passphrase" };
    expect((await api("POST", "/admin/users", s.admin.token, body)).body.error.code).toBe("username_taken");
    const bad = await api("POST", "/admin/users", s.admin.token, { ...body, username: "A B" });
    expect(bad.status).toBe(400);
    const member = await s.signup();
    const r = await api("POST", "/admin/users", member.token, { ...body, username: uniqueName() });
    expect(r.status).toBe(403);
  });
});

describe("the first account", () => {
  it("is the admin and needs no invite, even when the mode is closed", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "parley-first-"));
    const app = await buildApp({
      config: loadConfig({ DATA_DIR: dataDir, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "silent" }),
    });
    try {
      await app.store.settings.put([
        { key: "signup_mode", value: '"closed"', updated_at: new Date().toISOString(), updated_by: "test" },
      ]);
      await app.server.listen({ port: 0, host: "127.0.0.1" });
      const address = app.server.server.address();
      const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
      const first = uniqueName("first");
      const body = { action: "signup", displayName: "First", password: "a long enough passphrase" };
      expect((await api("POST", "/auth", undefined, { ...body, username: first }, base)).status).toBe(201);
      expect((await app.store.users.get(first))?.role).toBe("admin");
      const second = await api("POST", "/auth", undefined, { ...body, username: uniqueName() }, base);
      expect(second.status).toBe(403);
      expect(second.body.error.code).toBe("signup_closed");
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("invites", () => {
  it("the link's preview names the inviter, the channels and the expiry; the new account joins them", async () => {
    const cid = await teamChannel("Launch plans");
    const made = await invite({ channels: [cid], maxUses: 2, expiresInHours: 48 });
    expect(made.url).toMatch(new RegExp(`/join#invite=${made.token}$`));
    expect(made.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(made.invite).toMatchObject({
      maxUses: 2,
      uses: 0,
      status: "active",
      channels: [{ cid, name: "Launch plans" }],
    });
    const preview = await api("POST", "/invites/preview", undefined, { token: made.token });
    expect(preview).toEqual({
      status: 200,
      body: {
        invite: {
          inviter: { displayName: s.admin.user.displayName },
          channels: [{ cid, name: "Launch plans" }],
          expiresAt: made.invite.expiresAt,
        },
      },
    });
    const hours = (Date.parse(made.invite.expiresAt) - Date.parse(made.invite.createdAt)) / 3600_000;
    expect(hours).toBe(48);
    await setSettings({ signupMode: "invite" });
    const joined = await signup(uniqueName(), { invite: made.token });
    expect(joined.status).toBe(201);
    const members = await s.chat(s.admin.streamToken, "POST", `/channels/team/${cid.slice(5)}/query`, {});
    expect(members.body.members.map((m: any) => m.user.id)).toContain(joined.body.user.id);
    const listed = await api("GET", "/invites", s.admin.token);
    expect(listed.body.invites.find((i: any) => i.id === made.invite.id)).toMatchObject({
      uses: 1,
      status: "active",
    });
  });

  it("stores only the token's hash", async () => {
    const made = await invite();
    const row = await s.app.store.invites.get(made.invite.id);
    expect(row?.token_hash).toBeTruthy();
    expect(JSON.stringify(row)).not.toContain(made.token);
  });

  it("an expired invite is refused with a clear code, in the preview and at sign-up", async () => {
    const made = await invite({ expiresInHours: 1 });
    offsetMs = 2 * 3600_000;
    const preview = await api("POST", "/invites/preview", undefined, { token: made.token });
    expect(preview.status).toBe(410);
    expect(preview.body.error).toEqual({
      code: "invite_expired",
      message: "this invite has expired; ask for a new one",
    });
    expect((await signup(uniqueName(), { invite: made.token })).body.error.code).toBe("invite_expired");
    expect(
      (await api("GET", "/invites", s.admin.token)).body.invites.find((i: any) => i.id === made.invite.id)
        .status,
    ).toBe("expired");
  });

  it("a revoked invite lets nobody in; revoking is for its creator and admins", async () => {
    await setSettings({ membersCanInvite: true });
    const member = await s.signup();
    const other = await s.signup();
    const made = await invite({}, member.token);
    expect((await api("POST", `/invites/${made.invite.id}/revoke`, other.token)).status).toBe(404);
    const revoked = await api("POST", `/invites/${made.invite.id}/revoke`, member.token);
    expect(revoked.status).toBe(200);
    expect(revoked.body.invite.status).toBe("revoked");
    expect((await api("POST", "/invites/preview", undefined, { token: made.token })).body.error.code).toBe(
      "invite_revoked",
    );
    expect((await signup(uniqueName(), { invite: made.token })).body.error.code).toBe("invite_revoked");
    const byAdmin = await invite({}, member.token);
    expect((await api("POST", `/invites/${byAdmin.invite.id}/revoke`, s.admin.token)).status).toBe(200);
  });

  it("a deactivated member's invites let nobody in", async () => {
    await setSettings({ membersCanInvite: true });
    const member = await s.signup();
    const made = await invite({}, member.token);
    await s.app.store.accounts.update(member.user.id, { deactivated_at: new Date().toISOString() });
    expect((await api("POST", "/invites/preview", undefined, { token: made.token })).body.error.code).toBe(
      "invite_revoked",
    );
    expect((await signup(uniqueName(), { invite: made.token })).body.error.code).toBe("invite_revoked");
  });

  it("members invite only when the setting allows; they list their own, admins every one", async () => {
    const member = await s.signup();
    const refused = await api("POST", "/invites", member.token, {});
    expect(refused.status).toBe(403);
    await setSettings({ membersCanInvite: true });
    const own = await invite({}, member.token);
    const adminOwn = await invite();
    const mine = (await api("GET", "/invites", member.token)).body.invites.map((i: any) => i.id);
    expect(mine).toEqual([own.invite.id]);
    const all = (await api("GET", "/invites", s.admin.token)).body.invites.map((i: any) => i.id);
    expect(all).toEqual(expect.arrayContaining([own.invite.id, adminOwn.invite.id]));
  });

  it("joins only team channels the creator may add people to", async () => {
    await setSettings({ membersCanInvite: true });
    const member = await s.signup();
    const id = uniqueName("dm");
    await s.chat(s.admin.streamToken, "POST", `/channels/messaging/${id}/query`, {
      data: { name: "Private" },
    });
    const notTeam = await api("POST", "/invites", s.admin.token, { channels: [`messaging:${id}`] });
    expect(notTeam.status).toBe(400);
    expect(notTeam.body.error.fields.channels).toBeTruthy();
    const missing = await api("POST", "/invites", s.admin.token, { channels: ["team:nope-not-here"] });
    expect(missing.status).toBe(404);
    // A member who is not in the private channel may not invite into it.
    const foreign = await api("POST", "/invites", member.token, { channels: [`messaging:${id}`] });
    expect([403, 404]).toContain(foreign.status);
  });

  it("refuses bad bounds", async () => {
    for (const body of [
      { expiresInHours: 0 },
      { expiresInHours: 721 },
      { maxUses: 0 },
      { maxUses: 1.5 },
      { channels: ["bad cid"] },
      { extra: true },
    ]) {
      const r = await api("POST", "/invites", s.admin.token, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error.code).toBe("validation");
    }
    expect((await api("POST", "/invites/preview", undefined, { token: "not-a-token" })).body.error.code).toBe(
      "invite_invalid",
    );
  });

  it("two sign-ups racing for the last use: one account is made, the other refused and not made", async () => {
    await setSettings({ signupMode: "invite" });
    const made = await invite({ maxUses: 1 });
    const names = [uniqueName("race"), uniqueName("race")];
    const results = await Promise.all(names.map((n) => signup(n, { invite: made.token })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 410]);
    const loser = names[results.findIndex((r) => r.status === 410)] as string;
    expect(results.find((r) => r.status === 410)?.body.error.code).toBe("invite_used_up");
    expect(await s.app.store.accounts.get(loser)).toBeUndefined();
    expect((await s.app.store.invites.get(made.invite.id))?.uses).toBe(1);
  });
});
