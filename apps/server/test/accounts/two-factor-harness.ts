import { generate } from "otplib";
import { afterAll, beforeAll, expect } from "vitest";
import { startTestServer, type TestServer, uniqueName } from "../helpers/test-server.js";
import { api, freshIp, PASSWORD } from "./password-harness.js";

const STEP_MS = 30_000;

/**
 * The servers' clock, standing still in the middle of a TOTP step until a test moves it: a code
 * computed for "one step back" is one step back when the server checks it.
 */
export class StepClock {
  #ms = Math.floor(Date.now() / STEP_MS) * STEP_MS + STEP_MS / 2;
  readonly now = () => new Date(this.#ms);
  advance(ms: number): void {
    this.#ms += ms;
  }
  /** To the middle of the next step. */
  nextStep(): void {
    this.advance(STEP_MS);
  }
}

export interface TwoFactorServer extends TestServer {
  clock: StepClock;
}

/** A suite's server (TRUST_PROXY, so each test's calls come from an address of its own). */
export function twoFactorSuite() {
  let server: TwoFactorServer | undefined;
  beforeAll(async () => {
    const clock = new StepClock();
    server = Object.assign(await startTestServer({ TRUST_PROXY: "true" }, { clock: clock.now }), { clock });
  });
  afterAll(() => server?.close());
  return () => {
    if (!server) throw new Error("the two-factor suite's server is not started");
    return server;
  };
}

/** The code of `secret` at the server's now, `steps` steps away. */
export const codeAt = (s: TwoFactorServer, secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(s.clock.now().getTime() / 1000) + steps * 30 });

export interface Enrolled {
  username: string;
  /** A session of the account (from its sign-up). */
  token: string;
  secret: string;
  recoveryCodes: string[];
}

/** A new account with two-factor sign-in on (the clock is moved past the step its code used). */
export async function enrolledUser(s: TwoFactorServer): Promise<Enrolled> {
  const username = uniqueName("tf");
  const { token } = await s.signup(username);
  const started = await api(s, "POST", "/2fa/enrolment", { token });
  expect(started.status).toBe(200);
  const secret: string = started.body.secret;
  const confirmed = await api(s, "POST", "/2fa/enrolment/confirm", {
    token,
    body: { code: await codeAt(s, secret) },
  });
  expect(confirmed.status).toBe(200);
  s.clock.nextStep();
  return { username, token, secret, recoveryCodes: confirmed.body.recovery_codes };
}

/** The password step from a fresh address: its answer. */
export const firstStep = (
  s: TwoFactorServer,
  username: string,
  extra: Record<string, unknown> = {},
  ip = freshIp(),
) => api(s, "POST", "/auth", { body: { action: "signin", username, password: PASSWORD, ...extra }, ip });

/** The password step, which must ask for the second factor: its challenge. */
export async function challengeOf(s: TwoFactorServer, username: string, ip = freshIp()): Promise<string> {
  const r = await firstStep(s, username, {}, ip);
  expect(r.status).toBe(200);
  expect(r.body).toMatchObject({ two_factor_required: true, methods: ["totp", "recovery_code"] });
  return r.body.challenge;
}

export const secondStep = (s: TwoFactorServer, body: Record<string, unknown>, ip = freshIp()) =>
  api(s, "POST", "/auth", { body: { action: "signin_2fa", ...body }, ip });

export const setRequirement = async (s: TwoFactorServer, require2fa: string) => {
  const r = await api(s, "PATCH", "/admin/settings", { token: s.admin.token, body: { require2fa } });
  expect(r.status).toBe(200);
};
