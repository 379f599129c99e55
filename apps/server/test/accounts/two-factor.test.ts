/**
 * Two-factor sign-in with TOTP (RFC 6238) against the real server, on SQLite or on PostgreSQL +
 * Redis with two nodes: enrolment, codes computed from the enrolled secret at the right and the
 * wrong time steps, replays, recovery codes used once, turning it off and new recovery codes.
 */
import { describe, expect, it } from "vitest";
import { uniqueName } from "../helpers/test-server.js";
import { api, freshIp, sessionWorks } from "./password-harness.js";
import {
  challengeOf,
  codeAt,
  enrolledUser,
  firstStep,
  secondStep,
  twoFactorSuite,
} from "./two-factor-harness.js";

const server = twoFactorSuite();

describe("enrolment", () => {
  it("answers a secret, its otpauth:// URI and a QR code; a code of the secret turns it on", async () => {
    const s = server();
    const username = uniqueName("tf");
    const { token } = await s.signup(username);
    expect((await api(s, "GET", "/2fa", { token })).body).toEqual({
      enabled: false,
      enabled_at: null,
      recovery_codes_left: 0,
      required: false,
    });
    const started = await api(s, "POST", "/2fa/enrolment", { token });
    expect(started.status).toBe(200);
    const { secret, otpauth_uri, qr_svg } = started.body;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(otpauth_uri);
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.searchParams.get("secret")).toBe(secret);
    expect(uri.searchParams.get("issuer")).toBe("Parley");
    expect(decodeURIComponent(uri.pathname)).toContain(username);
    expect(qr_svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    // Not on until confirmed: signing in still answers a session.
    expect((await firstStep(s, username)).body.streamToken).toEqual(expect.any(String));

    const wrong = await api(s, "POST", "/2fa/enrolment/confirm", {
      token,
      body: { code: await codeAt(s, secret, 3) },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe("invalid_credentials");
    const confirmed = await api(s, "POST", "/2fa/enrolment/confirm", {
      token,
      body: { code: await codeAt(s, secret) },
    });
    expect(confirmed.status).toBe(200);
    const codes: string[] = confirmed.body.recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const status = (await api(s, "GET", "/2fa", { token })).body;
    expect(status).toMatchObject({ enabled: true, recovery_codes_left: 10, required: false });
    expect(Date.parse(status.enabled_at)).toBe(s.clock.now().getTime());
    // On: starting again is refused, and the secret stays.
    expect((await api(s, "POST", "/2fa/enrolment", { token })).status).toBe(409);
    s.clock.nextStep();
    const challenge = await challengeOf(s, username);
    expect((await secondStep(s, { challenge, code: await codeAt(s, secret) })).status).toBe(200);
  });

  it("refuses a malformed code with 400 naming the field", async () => {
    const s = server();
    const { token } = await s.signup();
    await api(s, "POST", "/2fa/enrolment", { token });
    for (const code of ["12345", "1234567", "abcdef", ""]) {
      const r = await api(s, "POST", "/2fa/enrolment/confirm", { token, body: { code } });
      expect(r.status).toBe(400);
      expect(r.body.error.fields).toHaveProperty("code");
    }
  });

  it("needs a session", async () => {
    const s = server();
    for (const [method, path, body] of [
      ["GET", "/2fa", undefined],
      ["POST", "/2fa/enrolment", undefined],
      ["POST", "/2fa/enrolment/confirm", { code: "123456" }],
      ["POST", "/2fa/disable", { password: "x" }],
      ["POST", "/2fa/recovery-codes", { code: "123456" }],
    ] as const) {
      expect((await api(s, method, path, { body })).status).toBe(401);
      expect((await api(s, method, path, { body, token: "not-a-session" })).status).toBe(401);
    }
  });
});

describe("the second step", () => {
  it("answers the intermediate answer after the password, not a session", async () => {
    const s = server();
    const u = await enrolledUser(s);
    const r = await firstStep(s, u.username);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      two_factor_required: true,
      challenge: expect.any(String),
      methods: ["totp", "recovery_code"],
      expires_in: 300,
    });
    // A wrong password is still the one answer for every wrong sign-in.
    const wrong = await api(s, "POST", "/auth", {
      body: { action: "signin", username: u.username, password: "not the password" },
      ip: freshIp(),
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe("invalid_credentials");
  });

  it("accepts the current step and one step either side; refuses two steps and more away", async () => {
    const s = server();
    const u = await enrolledUser(s);
    // Far past the step the enrolment's code used: a code refused here is refused for its step alone.
    s.clock.advance(25 * 30_000);
    const challenge = await challengeOf(s, u.username);
    for (const steps of [-2, 2, -3, 3, -20, 20]) {
      const r = await secondStep(s, { challenge, code: await codeAt(s, u.secret, steps) });
      expect(r.status, `${steps} steps away`).toBe(401);
      expect(r.body.error.code).toBe("invalid_credentials");
    }
    const back = await secondStep(s, { challenge, code: await codeAt(s, u.secret, -1) });
    expect(back.status).toBe(200);
    expect(back.body).toEqual({
      streamToken: expect.any(String),
      token: expect.any(String),
      user: expect.any(Object),
    });
    expect(back.body.user.id).toBe(u.username);
    expect((await s.chat(back.body.streamToken, "GET", "/me")).status).toBe(200);
    expect(await sessionWorks(s, back.body.token)).toBe(true);

    const ahead = await secondStep(s, {
      challenge: await challengeOf(s, u.username),
      code: await codeAt(s, u.secret, 1),
    });
    expect(ahead.status).toBe(200);
    expect(await sessionWorks(s, ahead.body.token)).toBe(true);
  });

  it("refuses a code for a step already used, and older steps, then takes the next step's", async () => {
    const s = server();
    const u = await enrolledUser(s);
    const code = await codeAt(s, u.secret);
    expect((await secondStep(s, { challenge: await challengeOf(s, u.username), code })).status).toBe(200);
    const again = await secondStep(s, { challenge: await challengeOf(s, u.username), code });
    expect(again.status).toBe(401);
    const older = await secondStep(s, {
      challenge: await challengeOf(s, u.username),
      code: await codeAt(s, u.secret, -1),
    });
    expect(older.status).toBe(401);
    s.clock.nextStep();
    const next = await secondStep(s, {
      challenge: await challengeOf(s, u.username),
      code: await codeAt(s, u.secret),
    });
    expect(next.status).toBe(200);
  });

  it("uses a challenge once, and not after five minutes", async () => {
    const s = server();
    const u = await enrolledUser(s);
    const challenge = await challengeOf(s, u.username);
    expect((await secondStep(s, { challenge, code: await codeAt(s, u.secret) })).status).toBe(200);
    s.clock.nextStep();
    expect((await secondStep(s, { challenge, code: await codeAt(s, u.secret) })).status).toBe(401);

    const late = await challengeOf(s, u.username);
    s.clock.advance(5 * 60_000);
    expect((await secondStep(s, { challenge: late, code: await codeAt(s, u.secret) })).status).toBe(401);
  });

  it("takes a code or a recovery code, not both and not neither", async () => {
    const s = server();
    const u = await enrolledUser(s);
    const challenge = await challengeOf(s, u.username);
    for (const body of [{ challenge }, { challenge, code: "123456", recovery_code: "abcde-fghjk" }]) {
      const r = await secondStep(s, body);
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe("validation");
    }
  });
});

describe("recovery codes", () => {
  it("sign in once each, in any case and spacing; the count goes down", async () => {
    const s = server();
    const u = await enrolledUser(s);
    const [first, second] = u.recoveryCodes as [string, string];
    const used = await secondStep(s, { challenge: await challengeOf(s, u.username), recovery_code: first });
    expect(used.status).toBe(200);
    expect(await sessionWorks(s, used.body.token)).toBe(true);
    const again = await secondStep(s, { challenge: await challengeOf(s, u.username), recovery_code: first });
    expect(again.status).toBe(401);
    expect(again.body.error.code).toBe("invalid_credentials");
    const typed = ` ${second.toUpperCase().replace("-", " ")} `;
    expect(
      (await secondStep(s, { challenge: await challengeOf(s, u.username), recovery_code: typed })).status,
    ).toBe(200);
    expect((await api(s, "GET", "/2fa", { token: u.token })).body.recovery_codes_left).toBe(8);
    const invented = await secondStep(s, {
      challenge: await challengeOf(s, u.username),
      recovery_code: "aaaaa-aaaaa",
    });
    expect(invented.status).toBe(401);
  });

  it("are replaced by new ones with a current code; the old ones stop working", async () => {
    const s = server();
    const u = await enrolledUser(s);
    const wrong = await api(s, "POST", "/2fa/recovery-codes", {
      token: u.token,
      body: { code: await codeAt(s, u.secret, 5) },
    });
    expect(wrong.status).toBe(401);
    const r = await api(s, "POST", "/2fa/recovery-codes", {
      token: u.token,
      body: { code: await codeAt(s, u.secret) },
    });
    expect(r.status).toBe(200);
    const fresh: string[] = r.body.recovery_codes;
    expect(fresh).toHaveLength(10);
    expect(fresh.some((c) => u.recoveryCodes.includes(c))).toBe(false);
    const old = await secondStep(s, {
      challenge: await challengeOf(s, u.username),
      recovery_code: u.recoveryCodes[0],
    });
    expect(old.status).toBe(401);
    const now = await secondStep(s, { challenge: await challengeOf(s, u.username), recovery_code: fresh[0] });
    expect(now.status).toBe(200);
  });
});

describe("turning it off", () => {
  it("needs the password or a current code; then sign-in answers a session again", async () => {
    const s = server();
    const u = await enrolledUser(s);
    const wrong = await api(s, "POST", "/2fa/disable", {
      token: u.token,
      body: { password: "not the password" },
    });
    expect(wrong.status).toBe(401);
    const wrongCode = await api(s, "POST", "/2fa/disable", {
      token: u.token,
      body: { code: await codeAt(s, u.secret, 4) },
    });
    expect(wrongCode.status).toBe(401);
    expect((await api(s, "POST", "/2fa/disable", { token: u.token, body: {} })).status).toBe(400);
    const off = await api(s, "POST", "/2fa/disable", { token: u.token, body: { password: "correct horse" } });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ enabled: false, recovery_codes_left: 0 });
    const r = await firstStep(s, u.username);
    expect(r.body.streamToken).toEqual(expect.any(String));
    expect(
      (await api(s, "POST", "/2fa/disable", { token: u.token, body: { password: "correct horse" } })).status,
    ).toBe(409);
  });

  it("with a current code", async () => {
    const s = server();
    const u = await enrolledUser(s);
    const off = await api(s, "POST", "/2fa/disable", {
      token: u.token,
      body: { code: await codeAt(s, u.secret) },
    });
    expect(off.status).toBe(200);
    expect(off.body.enabled).toBe(false);
  });
});
