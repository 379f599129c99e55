/**
 * Two-factor sign-in through the SDK (docs/api.md "Two-factor sign-in"). Never throws: a failure
 * comes back with what to show. A remembered device's token is kept per account in localStorage,
 * which signing out leaves alone (session/storage.ts).
 */
import type { AuthResponse, SigninBody, TwoFactorSigninResponse } from "@parley/protocol";
import { accounts } from "../session/accounts";
import { REMEMBERED_DEVICE_PREFIX } from "../session/storage";
import { passwordCall } from "./password-api";

/** The app's own words for what a two-factor form can meet. */
const MESSAGES: Record<string, string> = {
  invalid_credentials:
    "That code didn't work. Check it and try again — or sign in again if it keeps failing.",
  rate_limited: "Too many attempts. Wait a few minutes, then try again.",
  conflict: "Two-factor sign-in changed meanwhile. Reload the page.",
  forbidden: "This server requires two-factor sign-in for your account, so it cannot be turned off.",
};

async function call<T>(what: string, run: () => Promise<T>) {
  const outcome = await passwordCall(what, run);
  if (outcome.ok || !outcome.code || !MESSAGES[outcome.code]) return outcome;
  return {
    ...outcome,
    error: { ...outcome.error, message: MESSAGES[outcome.code] ?? outcome.error.message },
  };
}

export function rememberedDevice(username: string): string | undefined {
  try {
    return localStorage.getItem(`${REMEMBERED_DEVICE_PREFIX}${username}`) ?? undefined;
  } catch {
    return undefined;
  }
}

/** The sign-in body with this device's token for the account, when it has one. */
export function withRememberedDevice(body: SigninBody): SigninBody {
  const device_token = rememberedDevice(body.username);
  return device_token ? { ...body, device_token } : body;
}

/** Keeps the device token of a second step that asked to remember the device. */
export function keepDeviceToken(answer: TwoFactorSigninResponse): AuthResponse {
  const { device_token, recovery_codes: _codes, ...session } = answer;
  if (device_token) {
    try {
      localStorage.setItem(`${REMEMBERED_DEVICE_PREFIX}${answer.user.id}`, device_token);
    } catch {
      // Without storage the device is simply not remembered.
    }
  }
  return session;
}

export const secondStep = (body: {
  challenge: string;
  code?: string;
  recovery_code?: string;
  remember_device: boolean;
}) => call("Signing in", () => accounts.signInSecondStep(body));

export const challengeEnrolment = (challenge: string) =>
  call("Starting the set-up", () => accounts.startChallengeEnrolment(challenge));

export const twoFactorStatus = () => call("Loading", () => accounts.twoFactorStatus());
export const startTwoFactor = () => call("Starting the set-up", () => accounts.startTwoFactor());
export const confirmTwoFactor = (code: string) =>
  call("Turning on two-factor sign-in", () => accounts.confirmTwoFactor(code));
export const disableTwoFactor = (proof: { password?: string; code?: string }) =>
  call("Turning off two-factor sign-in", () => accounts.disableTwoFactor(proof));
export const regenerateRecoveryCodes = (code: string) =>
  call("Making new recovery codes", () => accounts.regenerateRecoveryCodes(code));
