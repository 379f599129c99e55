import type { AccountUser, ProfileBody } from "@parley/protocol";
import { accounts, apiFailure } from "./accounts";
import { readUserToken } from "./storage";

export type ProfileOutcome =
  | { ok: true; user: AccountUser }
  | { ok: false; message: string; fields?: Record<string, string> };

/** `PATCH /api/profile` with the product session token (sessionStorage.user_token). Never throws. */
export async function updateProfile(body: ProfileBody): Promise<ProfileOutcome> {
  if (!readUserToken())
    return { ok: false, message: "Your session has no product token; sign in again to edit your profile." };
  try {
    const { user } = await accounts.updateProfile(body);
    return { ok: true, user };
  } catch (error) {
    return {
      ok: false,
      ...apiFailure(error, (status) => `The profile could not be saved (HTTP ${status}).`),
    };
  }
}
