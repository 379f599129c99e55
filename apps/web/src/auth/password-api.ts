/**
 * Password change and reset through the SDK (docs/api.md "Passwords"). Never throws: a failure
 * comes back with what to show, the field it concerns, and the server's error code.
 */
import { ChatApiError } from "@parley/client";
import { type ApiFailure, accounts, apiFailure } from "../session/accounts";

export type PasswordOutcome<T = undefined> =
  | { ok: true; value: T }
  | { ok: false; error: ApiFailure; code: string | undefined };

/** The app's own words for the codes a password form can meet. */
const MESSAGES: Record<string, string> = {
  wrong_password: "That is not your current password.",
  rate_limited: "Too many attempts. Wait a few minutes, then try again.",
  reset_link_invalid: "This reset link is not valid.",
  reset_link_expired: "This reset link has expired.",
  reset_link_used: "This reset link was already used.",
};

export async function passwordCall<T>(what: string, call: () => Promise<T>): Promise<PasswordOutcome<T>> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    const failure = apiFailure(
      error,
      (status) => `${what} failed: the server could not process it (HTTP ${status}).`,
    );
    const code = error instanceof ChatApiError ? error.code : undefined;
    const mine = code ? MESSAGES[code] : undefined;
    return { ok: false, code, error: mine ? { ...failure, message: mine } : failure };
  }
}

export const changePassword = (current_password: string, new_password: string) =>
  passwordCall("Changing the password", () => accounts.changePassword({ current_password, new_password }));

export const resetStatus = (token: string) =>
  passwordCall("Checking the link", () => accounts.passwordResetStatus(token));

export const resetPassword = (token: string, new_password: string) =>
  passwordCall("Setting the password", () => accounts.resetPassword({ token, new_password }));

export const requestReset = (usernameOrEmail: string) =>
  passwordCall("Asking for a link", () => accounts.requestPasswordReset(usernameOrEmail));

export const createResetLink = (userId: string) =>
  passwordCall("Creating the link", () => accounts.createPasswordResetLink(userId));

/** The confirmation must repeat the new password: a field error when it does not. */
export function confirmProblem(password: string, confirm: string): Record<string, string> | undefined {
  return password === confirm ? undefined : { confirm_password: "The two new passwords are not the same." };
}
