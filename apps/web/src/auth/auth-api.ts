import type { AuthResponse, SigninBody, SignupBody } from "@parley/protocol";
import { accounts, apiFailure } from "../session/accounts";
import { withSsoLink } from "../sso/sso-link";
import { type SecondStep, secondStepOf } from "./second-step";
import { withRememberedDevice } from "./two-factor-api";

/** What a failed sign-up or sign-in shows: one message and, per field, what to fix. */
export interface AuthFailure {
  message: string;
  fields?: Record<string, string>;
}

export type AuthOutcome =
  | { ok: true; auth: AuthResponse }
  | { ok: false; error: AuthFailure }
  // The password was right; the account's second factor (or its enrolment) comes next.
  | { ok: true; secondStep: SecondStep };

/** Answers are checked by the SDK only in development and tests: a production answer is checked here. */
function isAuthResponse(body: unknown): body is AuthResponse {
  const b = body as Partial<AuthResponse> | null;
  return (
    typeof b?.streamToken === "string" &&
    typeof b.token === "string" &&
    typeof b.user?.id === "string" &&
    b.streamToken !== "" &&
    b.user.id !== ""
  );
}

/**
 * `POST /api/auth` (docs/api.md "Accounts"). Never throws: network and JSON-parsing failures
 * come back as a failure carrying that error's message (spec §8).
 */
export async function postAuth(body: SignupBody | SigninBody): Promise<AuthOutcome> {
  let auth: AuthResponse;
  try {
    const answer =
      body.action === "signup"
        ? await accounts.signUp(body)
        : await accounts.signIn(withSsoLink(withRememberedDevice(body)));
    const step = secondStepOf(answer);
    if (step) return { ok: true, secondStep: step };
    auth = answer as AuthResponse;
  } catch (error) {
    const unprocessed = (status: number) => `The server could not process the request (HTTP ${status}).`;
    return { ok: false, error: apiFailure(error, unprocessed) };
  }
  if (!isAuthResponse(auth))
    return { ok: false, error: { message: "The server sent an unexpected answer." } };
  return { ok: true, auth };
}
