import type { AuthResponse, ErrorBody, SigninBody, SignupBody } from "@parley/protocol";

/** What a failed sign-up or sign-in shows: one message and, per field, what to fix. */
export interface AuthFailure {
  message: string;
  fields?: Record<string, string>;
}

export type AuthOutcome = { ok: true; auth: AuthResponse } | { ok: false; error: AuthFailure };

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : String(error);
}

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

function failureOf(body: unknown, status: number): AuthFailure {
  const error = (body as Partial<ErrorBody> | null)?.error;
  if (error && typeof error.message === "string") {
    return error.fields ? { message: error.message, fields: error.fields } : { message: error.message };
  }
  return { message: `The server could not process the request (HTTP ${status}).` };
}

/**
 * `POST /api/auth` (docs/api.md "Accounts"). Never throws: network and JSON-parsing failures
 * come back as a failure carrying that error's message (spec §8).
 */
export async function postAuth(body: SignupBody | SigninBody): Promise<AuthOutcome> {
  let res: Response;
  let json: unknown;
  try {
    res = await fetch("/api/auth", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
    });
    json = await res.json();
  } catch (error) {
    return { ok: false, error: { message: messageOf(error) } };
  }
  if (!res.ok) return { ok: false, error: failureOf(json, res.status) };
  if (!isAuthResponse(json))
    return { ok: false, error: { message: "The server sent an unexpected answer." } };
  return { ok: true, auth: json };
}
