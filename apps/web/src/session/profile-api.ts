import type { AccountUser, ErrorBody, ProfileBody } from "@parley/protocol";
import { readUserToken } from "./storage";

export type ProfileOutcome =
  | { ok: true; user: AccountUser }
  | { ok: false; message: string; fields?: Record<string, string> };

/** `PATCH /api/profile` with the product session token (sessionStorage.user_token). Never throws. */
export async function updateProfile(body: ProfileBody): Promise<ProfileOutcome> {
  const token = readUserToken();
  if (!token)
    return { ok: false, message: "Your session has no product token; sign in again to edit your profile." };
  try {
    const res = await fetch("/api/profile", {
      method: "PATCH",
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json",
        Authorization: `Bearer ${token}`,
      },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { user?: AccountUser } & Partial<ErrorBody>;
    if (res.ok && json.user) return { ok: true, user: json.user };
    const error = json.error;
    if (error?.message)
      return error.fields
        ? { ok: false, message: error.message, fields: error.fields }
        : { ok: false, message: error.message };
    return { ok: false, message: `The profile could not be saved (HTTP ${res.status}).` };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}
