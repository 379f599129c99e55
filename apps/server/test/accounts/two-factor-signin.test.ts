/**
 * Two-factor sign-in around the second step, on SQLite or on PostgreSQL + Redis with two nodes:
 * remembered devices for 30 days, the admin requirement (forced enrolment), the attempt limits
 * per account and per IP, and answers that tell nothing about the account.
 */
import { describe, expect, it } from "vitest";
import { SIGNIN_LIMIT_PER_IP, SIGNIN_LIMIT_PER_USERNAME } from "../../src/services.js";
import { api, freshIp, sessionWorks } from "./password-harness.js";
import {
  challengeOf,
  codeAt,
  enrolledUser,
  firstStep,
  secondStep,
  setRequirement,
  twoFactorSuite,
} from "./two-factor-harness.js";

const server = twoFactorSuite();
const DAY = 24 * 3600_000;

describe("the requirement (require2fa)", () => {
  it("asks admins without a second factor to enrol with the challenge; then issues the session", async () => {
    const s = server();
    await setRequirement(s, "admins");
    try {
      const plain = await s.signup();
      expect((await firstStep(s, plain.user.id)).body.streamToken).toEqual(expect.any(String));

      const r = await firstStep(s, s.admin.user.id);
      expect(r.status).toBe(200);
      expect(r.body).toEqual({
        two_factor_enrollment_required: true,
        challenge: expect.any(String),
        expires_in: 300,
      });
      const { challenge } = r.body;
      // The challenge is no way around the enrolment: a code of no secret is refused.
      expect((await secondStep(s, { challenge, code: "123456" })).status).toBe(401);
      const enrol = await api(s, "POST", "/2fa/challenge-enrolment", { body: { challenge }, ip: freshIp() });
      expect(enrol.status).toBe(200);
      expect(enrol.body.otpauth_uri).toContain(enrol.body.secret);
      expect(
        (await secondStep(s, { challenge, recovery_code: "aaaaa-aaaaa" })).status,
        "a recovery code cannot confirm an enrolment",
      ).toBe(401);
      const done = await secondStep(s, {
        challenge,
        code: await codeAt(s, enrol.body.secret),
        remember_device: true,
      });
      expect(done.status).toBe(200);
      expect(done.body.recovery_codes).toHaveLength(10);
      expect(done.body.device_token).toEqual(expect.any(String));
      expect(done.body.user.id).toBe(s.admin.user.id);
      expect(await sessionWorks(s, done.body.token)).toBe(true);
      const status = (await api(s, "GET", "/2fa", { token: done.body.token })).body;
      expect(status).toMatchObject({ enabled: true, required: true, recovery_codes_left: 10 });
      // Required: it cannot be turned off.
      const off = await api(s, "POST", "/2fa/disable", {
        token: done.body.token,
        body: { password: "correct horse" },
      });
      expect(off.status).toBe(403);
      // The challenge is spent.
      expect((await api(s, "POST", "/2fa/challenge-enrolment", { body: { challenge } })).status).toBe(401);
      s.clock.nextStep();
      const next = await challengeOf(s, s.admin.user.id);
      expect(
        (await secondStep(s, { challenge: next, code: await codeAt(s, enrol.body.secret) })).status,
      ).toBe(200);
    } finally {
      await setRequirement(s, "off");
    }
  });

  it("asks everyone when set to everyone", async () => {
    const s = server();
    const plain = await s.signup();
    await setRequirement(s, "everyone");
    try {
      const r = await firstStep(s, plain.user.id);
      expect(r.body.two_factor_enrollment_required).toBe(true);
      expect((await api(s, "GET", "/2fa", { token: plain.token })).body.required).toBe(true);
    } finally {
      await setRequirement(s, "off");
    }
    expect((await firstStep(s, plain.user.id)).body.streamToken).toEqual(expect.any(String));
  });
});

describe("attempt limits", () => {
  it("per account: wrong codes from many addresses lock the second step, the right code included", async () => {
    const s = server();
    const u = await enrolledUser(s);
    const challenge = await challengeOf(s, u.username);
    for (let i = 0; i < SIGNIN_LIMIT_PER_USERNAME; i++) {
      const r = await secondStep(s, { challenge, code: await codeAt(s, u.secret, 10) });
      expect(r.status).toBe(401);
    }
    const limited = await secondStep(s, { challenge, code: await codeAt(s, u.secret) });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe("rate_limited");
    // The same counter guards the codes of the account's own settings.
    const regen = await api(s, "POST", "/2fa/recovery-codes", {
      token: u.token,
      body: { code: await codeAt(s, u.secret) },
    });
    expect(regen.status).toBe(429);
    // Another account is not held up.
    const other = await enrolledUser(s);
    const ok = await secondStep(s, {
      challenge: await challengeOf(s, other.username),
      code: await codeAt(s, other.secret),
    });
    expect(ok.status).toBe(200);
  });

  it("per IP: guesses from one address at any challenge stop there", async () => {
    const s = server();
    const u = await enrolledUser(s);
    const ip = freshIp();
    for (let i = 0; i < SIGNIN_LIMIT_PER_IP; i++) {
      const r = await secondStep(s, { challenge: `guess-${i}`, code: "123456" }, ip);
      expect(r.status).toBe(401);
    }
    const challenge = await challengeOf(s, u.username);
    const limited = await secondStep(s, { challenge, code: await codeAt(s, u.secret) }, ip);
    expect(limited.status).toBe(429);
    const elsewhere = await secondStep(s, { challenge, code: await codeAt(s, u.secret) });
    expect(elsewhere.status).toBe(200);
  });
});

describe("no enumeration", () => {
  it("a wrong code, a spent challenge and an unknown one answer alike", async () => {
    const s = server();
    const u = await enrolledUser(s);
    const challenge = await challengeOf(s, u.username);
    const wrong = await secondStep(s, { challenge, code: await codeAt(s, u.secret, 7) });
    const wrongRecovery = await secondStep(s, { challenge, recovery_code: "aaaaa-aaaaa" });
    const unknown = await secondStep(s, {
      challenge: "x".repeat(challenge.length),
      code: await codeAt(s, u.secret),
    });
    const unknownRecovery = await secondStep(s, { challenge: "y".repeat(43), recovery_code: "aaaaa-aaaaa" });
    expect(await secondStep(s, { challenge, code: await codeAt(s, u.secret) })).toMatchObject({
      status: 200,
    });
    const spent = await secondStep(s, { challenge, code: await codeAt(s, u.secret, 1) });
    const enrolUnknown = await api(s, "POST", "/2fa/challenge-enrolment", {
      body: { challenge: "z".repeat(43) },
    });
    const enrolWrongKind = await api(s, "POST", "/2fa/challenge-enrolment", {
      body: { challenge: await challengeOf(s, u.username) },
    });
    expect(wrong.status).toBe(401);
    for (const r of [wrongRecovery, unknown, unknownRecovery, spent, enrolUnknown, enrolWrongKind]) {
      expect({ status: r.status, body: r.body }).toEqual({ status: wrong.status, body: wrong.body });
    }
  });
});

// Last: it moves the clock 30 days on, past the admin's session.
describe("remember this device", () => {
  it("skips the second step for 30 days, for that account only, and not after", async () => {
    const s = server();
    const u = await enrolledUser(s);
    const other = await enrolledUser(s);
    const r = await secondStep(s, {
      challenge: await challengeOf(s, u.username),
      code: await codeAt(s, u.secret),
      remember_device: true,
    });
    expect(r.status).toBe(200);
    const device: string = r.body.device_token;
    expect(device).toEqual(expect.any(String));
    const skipped = await firstStep(s, u.username, { device_token: device });
    expect(skipped.status).toBe(200);
    expect(skipped.body.streamToken).toEqual(expect.any(String));
    expect(await sessionWorks(s, skipped.body.token)).toBe(true);
    // Another account's sign-in on that device still asks, and so does a forged token.
    expect((await firstStep(s, other.username, { device_token: device })).body.two_factor_required).toBe(
      true,
    );
    expect((await firstStep(s, u.username, { device_token: `${device}x` })).body.two_factor_required).toBe(
      true,
    );
    // The password is still needed.
    const noPassword = await api(s, "POST", "/auth", {
      body: { action: "signin", username: u.username, password: "wrong password", device_token: device },
      ip: freshIp(),
    });
    expect(noPassword.status).toBe(401);

    s.clock.advance(29 * DAY);
    expect((await firstStep(s, u.username, { device_token: device })).body.streamToken).toEqual(
      expect.any(String),
    );
    s.clock.advance(DAY + 60_000);
    expect((await firstStep(s, u.username, { device_token: device })).body.two_factor_required).toBe(true);
  });

  it("answers no device token unless asked, and forgets devices when two-factor sign-in is turned off", async () => {
    const s = server();
    const u = await enrolledUser(s);
    const plain = await secondStep(s, {
      challenge: await challengeOf(s, u.username),
      code: await codeAt(s, u.secret),
    });
    expect(plain.body).not.toHaveProperty("device_token");
    s.clock.nextStep();
    const r = await secondStep(s, {
      challenge: await challengeOf(s, u.username),
      code: await codeAt(s, u.secret),
      remember_device: true,
    });
    const device = r.body.device_token;
    expect(
      (await api(s, "POST", "/2fa/disable", { token: u.token, body: { password: "correct horse" } })).status,
    ).toBe(200);
    const again = await api(s, "POST", "/2fa/enrolment", { token: u.token });
    s.clock.nextStep();
    await api(s, "POST", "/2fa/enrolment/confirm", {
      token: u.token,
      body: { code: await codeAt(s, again.body.secret) },
    });
    expect((await firstStep(s, u.username, { device_token: device })).body.two_factor_required).toBe(true);
  });
});
