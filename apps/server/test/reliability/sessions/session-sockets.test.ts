import type { AuthResponse } from "@parley/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";
import { authedSocket, type RawSocket, rawSocket } from "../../helpers/ws-client.js";

/**
 * Sign-out closes the sockets of that session (4004), an app-wide ban closes every socket of the
 * user (4005), each within 1 s of the call being acknowledged (a bounded wait after the answer,
 * not a speed measurement); the token is refused afterwards.
 */
let s: TestServer;

beforeAll(async () => {
  s = await startTestServer({ LOG_LEVEL: "silent" });
});
afterAll(() => s.close());

async function auth(body: Record<string, unknown>) {
  const res = await fetch(`${s.url}/api/auth`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/** Resolves with the close code, or "open" when the socket is still open after `ms`. */
function closedWithin(sock: RawSocket, ms: number): Promise<number | "open"> {
  return Promise.race([
    sock.closed.then((c) => c.code),
    new Promise<"open">((resolve) => setTimeout(() => resolve("open"), ms)),
  ]);
}

async function stillServes(sock: RawSocket): Promise<void> {
  const id = `hc-${Math.random()}`;
  sock.send({ type: "health.check", req_id: id });
  await sock.next((f) => f.type === "health.check" && f.req_id === id, 2000);
}

describe("sessions and sockets", () => {
  it("sign-out closes that session's sockets within 1 s and leaves the user's other session alone", async () => {
    const first = await s.signup();
    const second = (await auth({ action: "signin", username: first.user.id, password: "correct horse" }))
      .body as AuthResponse;
    const a1 = await authedSocket(s.wsUrl, s.apiKey, first.streamToken);
    const a2 = await authedSocket(s.wsUrl, s.apiKey, first.streamToken);
    const b = await authedSocket(s.wsUrl, s.apiKey, second.streamToken);

    expect((await auth({ action: "signout", token: first.token })).status).toBe(204);
    const [c1, c2] = await Promise.all([closedWithin(a1, 1000), closedWithin(a2, 1000)]);
    expect([c1, c2]).toEqual([4004, 4004]);
    await stillServes(b);

    const again = await rawSocket(s.wsUrl);
    again.send({ type: "auth", api_key: s.apiKey, token: first.streamToken });
    expect((await again.next((f) => f.type === "error")).code).toBe("token_invalid");
    expect((await again.closed).code).toBe(4001);
    expect((await s.chat(first.streamToken, "GET", "/me")).status).toBe(401);
    expect((await s.chat(second.streamToken, "GET", "/me")).status).toBe(200);
    b.close();
  });

  it("an app-wide ban closes every socket of the user within 1 s and refuses them afterwards", async () => {
    const target = await s.signup();
    const bystander = await s.signup();
    const socks = await Promise.all([1, 2, 3].map(() => authedSocket(s.wsUrl, s.apiKey, target.streamToken)));
    const other = await authedSocket(s.wsUrl, s.apiKey, bystander.streamToken);

    const ban = await s.chat(s.admin.streamToken, "POST", "/moderation/ban", {
      target_user_id: target.user.id,
      reason: "spam",
    });
    expect(ban.status).toBe(201);
    expect(await Promise.all(socks.map((x) => closedWithin(x, 1000)))).toEqual([4005, 4005, 4005]);
    await stillServes(other);

    const again = await rawSocket(s.wsUrl);
    again.send({ type: "auth", api_key: s.apiKey, token: target.streamToken });
    expect((await again.next((f) => f.type === "error")).code).toBe("banned");
    expect((await again.closed).code).toBe(4005);
    const rest = await s.chat(target.streamToken, "GET", "/me");
    expect([rest.status, rest.body.error.code]).toEqual([403, "banned"]);
    const signin = await auth({ action: "signin", username: target.user.id, password: "correct horse" });
    expect([signin.status, signin.body.error.code]).toEqual([403, "banned"]);
    expect(signin.body.error.message).toContain("spam");
    other.close();
  });

  it("a channel ban leaves the user's sockets open", async () => {
    const owner = await s.signup();
    const target = await s.signup();
    await s.chat(owner.streamToken, "POST", "/channels/messaging/cb-sessions/query", {
      data: { members: [target.user.id] },
    });
    const sock = await authedSocket(s.wsUrl, s.apiKey, target.streamToken);
    const ban = await s.chat(owner.streamToken, "POST", "/moderation/ban", {
      target_user_id: target.user.id,
      cid: "messaging:cb-sessions",
    });
    expect(ban.status).toBe(201);
    expect(await closedWithin(sock, 1000)).toBe("open");
    await stillServes(sock);
    sock.close();
  });
});
