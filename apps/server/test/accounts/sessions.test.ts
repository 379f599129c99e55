import type { AuthResponse } from "@parley/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, uniqueName } from "../helpers/test-server.js";
import { authedSocket } from "../helpers/ws-client.js";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0";
const CHROME_ANDROID =
  "Mozilla/5.0 (Linux; Android 15) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Mobile Safari/537.36";

async function api(method: string, path: string, token?: string, body?: unknown, ua?: string) {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  if (ua) headers["user-agent"] = ua;
  const res = await fetch(`${s.url}/api${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

async function signin(username: string, ua: string): Promise<AuthResponse> {
  const r = await api(
    "POST",
    "/auth",
    undefined,
    { action: "signin", username, password: "correct horse" },
    ua,
  );
  expect(r.status).toBe(200);
  return r.body;
}

/** A user signed in on two browsers, each with a socket open. */
async function twoBrowsers() {
  const username = uniqueName("sess");
  await s.signup(username);
  const laptop = await signin(username, FIREFOX);
  const phone = await signin(username, CHROME_ANDROID);
  const laptopSocket = await authedSocket(s.wsUrl, s.apiKey, laptop.streamToken);
  const phoneSocket = await authedSocket(s.wsUrl, s.apiKey, phone.streamToken);
  return { username, laptop, phone, laptopSocket, phoneSocket };
}

describe("a user's sessions", () => {
  it("lists each session with its browser, address and last use; `current` marks the caller's", async () => {
    const { laptop, laptopSocket, phoneSocket } = await twoBrowsers();
    const r = await api("GET", "/account/sessions", laptop.token);
    expect(r.status).toBe(200);
    // The sign-up's own session, then the two sign-ins.
    expect(r.body.sessions).toHaveLength(3);
    const agents = r.body.sessions.map((x: { user_agent: string }) => x.user_agent);
    expect(agents).toEqual(expect.arrayContaining([FIREFOX, CHROME_ANDROID]));
    const current = r.body.sessions.filter((x: { current: boolean }) => x.current);
    expect(current).toHaveLength(1);
    expect(current[0].user_agent).toBe(FIREFOX);
    for (const x of r.body.sessions) {
      expect(x.ip).toBe("127.0.0.1");
      expect(Date.parse(x.last_seen_at)).toBeGreaterThanOrEqual(Date.parse(x.created_at));
      expect(x.id).toMatch(/^[\w-]{16,64}$/);
    }
    laptopSocket.close();
    phoneSocket.close();
  });

  it("revoking one session closes its sockets and refuses its tokens; the others go on", async () => {
    const { laptop, phone, laptopSocket, phoneSocket } = await twoBrowsers();
    const list = await api("GET", "/account/sessions", laptop.token);
    const phoneSession = list.body.sessions.find(
      (x: { user_agent: string }) => x.user_agent === CHROME_ANDROID,
    );
    const r = await api("DELETE", `/account/sessions/${phoneSession.id}`, laptop.token);
    expect(r.status).toBe(204);
    expect((await phoneSocket.closed).code).toBe(4004);
    expect((await s.chat(phone.streamToken, "GET", "/me")).status).toBe(401);
    expect((await api("GET", "/account/sessions", phone.token)).status).toBe(401);
    expect((await s.chat(laptop.streamToken, "GET", "/me")).status).toBe(200);
    const after = await api("GET", "/account/sessions", laptop.token);
    expect(after.body.sessions.map((x: { id: string }) => x.id)).not.toContain(phoneSession.id);
    // Gone already: the same id again, or one that never was.
    expect((await api("DELETE", `/account/sessions/${phoneSession.id}`, laptop.token)).status).toBe(404);
    expect((await api("DELETE", "/account/sessions/nothing-like-this", laptop.token)).body.error.code).toBe(
      "not_found",
    );
    laptopSocket.close();
  });

  it("cannot revoke another user's session, even knowing its id", async () => {
    const { laptop, laptopSocket, phoneSocket } = await twoBrowsers();
    const theirs = (await api("GET", "/account/sessions", laptop.token)).body.sessions[0].id;
    const other = await s.signup();
    const r = await api("DELETE", `/account/sessions/${theirs}`, other.token);
    expect(r.status).toBe(404);
    expect((await api("GET", "/account/sessions", laptop.token)).body.sessions[0].id).toBe(theirs);
    laptopSocket.close();
    phoneSocket.close();
  });

  it("signs out every other session and keeps this one", async () => {
    const { laptop, phone, laptopSocket, phoneSocket } = await twoBrowsers();
    const r = await api("POST", "/account/sessions/revoke-others", laptop.token);
    expect(r.status).toBe(200);
    expect(r.body.revoked).toBe(2);
    expect((await phoneSocket.closed).code).toBe(4004);
    expect((await s.chat(phone.streamToken, "GET", "/me")).status).toBe(401);
    expect((await s.chat(laptop.streamToken, "GET", "/me")).status).toBe(200);
    const left = (await api("GET", "/account/sessions", laptop.token)).body.sessions;
    expect(left).toHaveLength(1);
    expect(left[0].current).toBe(true);
    laptopSocket.close();
  });

  it("needs a live session token", async () => {
    expect((await api("GET", "/account/sessions")).status).toBe(401);
    expect((await api("GET", "/account/sessions", "not-a-token")).body.error.code).toBe("token_invalid");
  });
});

describe("an admin's hold on accounts", () => {
  it("lists accounts with role and deactivation, searched by username; users may not", async () => {
    const name = uniqueName("find");
    await s.signup(name, "Findable Person");
    const r = await api("GET", `/admin/users?q=${name}`, s.admin.token);
    expect(r.status).toBe(200);
    expect(r.body.users).toEqual([
      expect.objectContaining({
        id: name,
        displayName: "Findable Person",
        role: "user",
        deactivated_at: null,
      }),
    ]);
    const user = await s.signup();
    const refused = await api("GET", "/admin/users", user.token);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("forbidden");
  });

  it("signs a user out everywhere: every session revoked, every socket closed", async () => {
    const { username, laptop, phone, laptopSocket, phoneSocket } = await twoBrowsers();
    const r = await api("POST", `/admin/users/${username}/sign-out`, s.admin.token);
    expect(r.status).toBe(200);
    expect(r.body.revoked).toBe(3);
    expect((await laptopSocket.closed).code).toBe(4004);
    expect((await phoneSocket.closed).code).toBe(4004);
    for (const t of [laptop, phone]) {
      expect((await s.chat(t.streamToken, "GET", "/me")).status).toBe(401);
      expect((await api("GET", "/account/sessions", t.token)).status).toBe(401);
    }
    // Signing in again works: this is not a deactivation.
    await signin(username, FIREFOX);
  });

  it("deactivates: sockets close within a second, sign-in is refused, messages stay; reactivation undoes it", async () => {
    const { username, laptop, laptopSocket, phoneSocket } = await twoBrowsers();
    const peer = await s.signup();
    const dm = await s.chat(laptop.streamToken, "POST", "/channels/messaging/query", {
      data: { members: [username, peer.user.id] },
    });
    expect(dm.status).toBeLessThan(300);
    const cid = `messaging/${dm.body.channel.id}`;
    const sent = await s.chat(laptop.streamToken, "POST", `/channels/${cid}/messages`, {
      message: { text: "before I leave" },
    });
    expect(sent.status).toBe(201);

    const started = Date.now();
    const r = await api("POST", `/admin/users/${username}/deactivate`, s.admin.token);
    expect(r.status).toBe(200);
    expect(r.body.user.deactivated_at).toEqual(expect.any(String));
    const closes = await Promise.all([laptopSocket.closed, phoneSocket.closed]);
    expect(Date.now() - started).toBeLessThan(1000);
    for (const c of closes) expect([4004, 4007]).toContain(c.code);

    const again = await api("POST", "/auth", undefined, {
      action: "signin",
      username,
      password: "correct horse",
    });
    expect(again.status).toBe(403);
    expect(again.body.error.code).toBe("account_deactivated");
    // A server-side token cannot act for them either.
    const server = await s.serverToken();
    const asThem = await fetch(`${s.url}/chat/me?api_key=${s.apiKey}&user_id=${username}`, {
      headers: { authorization: `Bearer ${server}` },
    });
    expect(asThem.status).toBe(403);
    // Their message is still there for the other member.
    const history = await s.chat(peer.streamToken, "GET", `/channels/${cid}/messages`);
    expect(history.body.messages.map((m: { text: string }) => m.text)).toContain("before I leave");
    const member = history.body.messages.find((m: { text: string }) => m.text === "before I leave").user;
    expect(member).toMatchObject({ id: username, deactivated: true });
    const listed = await api("GET", `/admin/users?q=${username}`, s.admin.token);
    expect(listed.body.users[0].deactivated_at).toEqual(r.body.user.deactivated_at);

    const back = await api("POST", `/admin/users/${username}/reactivate`, s.admin.token);
    expect(back.status).toBe(200);
    expect(back.body.user.deactivated_at).toBeNull();
    await signin(username, FIREFOX);
  });

  it("refuses to deactivate the admin's own account, and unknown users", async () => {
    const self = await api("POST", `/admin/users/${s.admin.user.id}/deactivate`, s.admin.token);
    expect(self.status).toBe(403);
    const none = await api("POST", `/admin/users/${uniqueName("nobody")}/deactivate`, s.admin.token);
    expect(none.status).toBe(404);
    expect(none.body.error.code).toBe("not_found");
  });
});
