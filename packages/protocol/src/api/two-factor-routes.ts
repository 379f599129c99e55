import {
  challengeBodySchema,
  recoveryCodesSchema,
  twoFactorCodeBodySchema,
  twoFactorDisableBodySchema,
  twoFactorEnrolmentSchema,
  twoFactorStatusSchema,
} from "../two-factor.js";
import type { ApiRoute } from "./route.js";

const tag = "two-factor";
const own = { tag, auth: "session" } as const;
const API_BODY_LIMIT = 16 * 1024;

/**
 * Two-factor sign-in (docs/api.md "Two-factor sign-in"): enrol an authenticator app, confirm it,
 * recovery codes, disable. The second sign-in step itself is `POST /api/auth` `signin_2fa`.
 */
export const twoFactorRoutes = {
  twoFactorStatus: {
    ...own,
    method: "GET",
    path: "/api/2fa",
    summary:
      "Whether the account has two-factor sign-in, its recovery codes left, and whether it is required",
    answers: { 200: twoFactorStatusSchema },
    errors: [],
  },
  startTwoFactor: {
    ...own,
    method: "POST",
    path: "/api/2fa/enrolment",
    summary: "Start enrolling an authenticator app: a new secret, its otpauth:// URI and a QR code",
    description:
      "The secret is used only once confirmed. Starting again replaces an unconfirmed secret; " +
      "answers `conflict` while two-factor sign-in is on.",
    answers: { 200: twoFactorEnrolmentSchema },
    errors: ["conflict"],
  },
  confirmTwoFactor: {
    ...own,
    method: "POST",
    path: "/api/2fa/enrolment/confirm",
    summary: "Turn two-factor sign-in on with a code of the new secret; answers the ten recovery codes, once",
    body: twoFactorCodeBodySchema,
    bodyLimit: API_BODY_LIMIT,
    answers: { 200: recoveryCodesSchema },
    errors: ["invalid_credentials", "conflict"],
  },
  disableTwoFactor: {
    ...own,
    method: "POST",
    path: "/api/2fa/disable",
    summary: "Turn two-factor sign-in off, with the account's password or a current code",
    description:
      "Forgets the secret, the recovery codes and the remembered devices. Refused while it is required.",
    body: twoFactorDisableBodySchema,
    bodyLimit: API_BODY_LIMIT,
    answers: { 200: twoFactorStatusSchema },
    errors: ["invalid_credentials", "conflict", "forbidden"],
  },
  regenerateRecoveryCodes: {
    ...own,
    method: "POST",
    path: "/api/2fa/recovery-codes",
    summary: "Replace the recovery codes with ten new ones (a current code is needed); answers them, once",
    body: twoFactorCodeBodySchema,
    bodyLimit: API_BODY_LIMIT,
    answers: { 200: recoveryCodesSchema },
    errors: ["invalid_credentials", "conflict"],
  },
  startChallengeEnrolment: {
    tag,
    auth: "none",
    method: "POST",
    path: "/api/2fa/challenge-enrolment",
    summary: "Enrol during sign-in, with the challenge of a `two_factor_enrollment_required` answer",
    description:
      "Answers what `startTwoFactor` does; the code of the new secret then goes to `POST /api/auth` " +
      "`signin_2fa` with the same challenge, which turns two-factor sign-in on and issues the session.",
    body: challengeBodySchema,
    bodyLimit: API_BODY_LIMIT,
    answers: { 200: twoFactorEnrolmentSchema },
    errors: ["invalid_credentials"],
  },
} as const satisfies Record<string, ApiRoute>;
