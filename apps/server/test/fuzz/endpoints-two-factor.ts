import type { FuzzEndpoint } from "./rest-harness.js";

/** Two-factor sign-in's bodies; `session` is an account's product session token. */
export function twoFactorEndpoints(session: () => string): FuzzEndpoint[] {
  const own = { method: "POST", token: session } as const;
  return [
    {
      name: "second sign-in step",
      schema: "signin2faBodySchema",
      method: "POST",
      path: () => "/api/auth",
      base: { action: "signin_2fa", challenge: "c".repeat(43), code: "123456", remember_device: true },
      token: () => null,
    },
    {
      name: "enrol during sign-in",
      schema: "challengeBodySchema",
      method: "POST",
      path: () => "/api/2fa/challenge-enrolment",
      base: { challenge: "c".repeat(43) },
      token: () => null,
    },
    {
      ...own,
      name: "confirm two-factor enrolment",
      schema: "twoFactorCodeBodySchema",
      path: () => "/api/2fa/enrolment/confirm",
      base: { code: "123456" },
    },
    {
      ...own,
      name: "turn two-factor sign-in off",
      schema: "twoFactorDisableBodySchema",
      path: () => "/api/2fa/disable",
      base: { password: "not the password", code: "123456" },
    },
  ];
}
