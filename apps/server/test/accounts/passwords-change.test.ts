/**
 * Changing a password (POST /api/account/password): it needs the current password, refuses
 * common ones, is limited like sign-in, and signs out every other session of the account (their
 * sockets close) while the session that changed it stays.
 */
import { CloseCode } from "@parley/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIGNIN_LIMIT_PER_USERNAME } from "../../src/services.js";
import { startTestServer, type TestServer, uniqueName } from "../helpers/test-server.js";
import { authedSocket } from "../helpers/ws-client.js";
import { anotherSession, api, freshIp, PASSWORD, sessionWorks, signin } from "./password-harness.js";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ TRUST_PROXY: "true" });
});
afterAll(() => s.close());

const change = (token: string, current_password: string, new_password: string, ip = freshIp()) =>
  api(s, "POST", "/account/password", { token, body: { current_password, new_password }, ip });

describe("changing the password", () => {
  it("signs out every other session and closes their sockets, keeping this one", async () => {
    const me = await s.signup();
    const other = await anotherSession(s, me.user.id);
    const third = await anotherSession(s, me.user.id);
    const mySocket = await authedSocket(s.wsUrl, s.apiKey, me.streamToken);
    const otherSocket = await authedSocket(s.wsUrl, s.apiKey, other.streamToken);

    expect(await change(me.token, PASSWORD, "a much better horse")).toEqual({ status: 204, body: undefined });

    expect((await otherSocket.closed).code).toBe(CloseCode.sessionRevoked);
    expect(await sessionWorks(s, other.token)).toBe(false);
    expect(await sessionWorks(s, third.token)).toBe(false);
    expect((await s.chat(other.streamToken, "GET", "/me")).status).toBe(401);
    // This session, its chat token and its socket are untouched.
    expect(await sessionWorks(s, me.token)).toBe(true);
    expect((await s.chat(me.streamToken, "GET", "/me")).status).toBe(200);
    const before = mySocket.frames.length;
    mySocket.send({ type: "health.check" });
    await mySocket.next((f) => f.type === "health.check" && mySocket.frames.indexOf(f) >= before);
    expect(mySocket.ws.readyState).toBe(mySocket.ws.OPEN);
    mySocket.close();

    expect((await signin(s, me.user.id)).status).toBe(401);
    expect((await signin(s, me.user.id, "a much better horse")).status).toBe(200);
  });

  it("refuses a wrong current password and keeps the old one", async () => {
    const me = await s.signup();
    const other = await anotherSession(s, me.user.id);
    const r = await change(me.token, "not my password", "a much better horse");
    expect(r.status).toBe(403);
    expect(r.body.error).toEqual({
      code: "wrong_password",
      message: "the current password is wrong",
      fields: { current_password: "the current password is wrong" },
    });
    expect(await sessionWorks(s, other.token)).toBe(true);
    expect((await signin(s, me.user.id)).status).toBe(200);
  });

  it.each([
    ["a common password", "password123"],
    ["another common one, in capitals", "PASSWORD123"],
    ["the username", ""],
  ])("refuses %s, naming new_password", async (_what, candidate) => {
    const me = await s.signup();
    const r = await change(me.token, PASSWORD, candidate || me.user.id);
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe("validation");
    expect(Object.keys(r.body.error.fields)).toEqual(["new_password"]);
    expect((await signin(s, me.user.id)).status).toBe(200);
  });

  it("is the check sign-up makes too, naming password", async () => {
    const username = uniqueName();
    for (const password of ["password123", username]) {
      const r = await api(s, "POST", "/auth", {
        body: { action: "signup", username, displayName: "Weak", password },
      });
      expect(r.status).toBe(400);
      expect(Object.keys(r.body.error.fields)).toEqual(["password"]);
    }
  });

  it("refuses a password shorter than 8 characters", async () => {
    const me = await s.signup();
    const r = await change(me.token, PASSWORD, "short");
    expect(r.status).toBe(400);
    expect(r.body.error.fields).toHaveProperty("new_password");
  });

  it("needs a live session", async () => {
    const me = await s.signup();
    expect((await change("", PASSWORD, "a much better horse")).status).toBe(401);
    expect((await change(`${me.token}x`, PASSWORD, "a much better horse")).status).toBe(401);
    // A chat token is not a product session.
    expect((await change(me.streamToken, PASSWORD, "a much better horse")).status).toBe(401);
  });

  it("limits wrong current passwords per account like sign-in, whatever the address", async () => {
    const me = await s.signup();
    for (let i = 0; i < SIGNIN_LIMIT_PER_USERNAME; i++)
      expect((await change(me.token, "wrong horse", "a much better horse")).status).toBe(403);
    const limited = await change(me.token, PASSWORD, "a much better horse");
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe("rate_limited");
    expect((await signin(s, me.user.id)).status).toBe(200);
  });
});
