import type { AuthResponse } from "@parley/protocol";

/**
 * Where a session lives in the browser (spec §7): the chat token in sessionStorage as `token`,
 * the product session token as `user_token`, the user id in localStorage as `uid`.
 */
export const TOKEN_KEY = "token";
export const USER_TOKEN_KEY = "user_token";
export const UID_KEY = "uid";

export interface StoredSession {
  /** The chat service token (the sign-up answer's `streamToken`). */
  token: string;
  /** The product session token (the sign-up answer's `token`), used to sign out. */
  userToken: string | null;
  uid: string;
}

function read(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    // Storage can be unavailable (blocked cookies, some private modes): act as signed out.
    return null;
  }
}

/** The stored session, or null when the chat token or the user id is missing. */
export function readSession(): StoredSession | null {
  const token = read(() => sessionStorage, TOKEN_KEY);
  const uid = read(() => localStorage, UID_KEY);
  if (!token || !uid) return null;
  return { token, uid, userToken: read(() => sessionStorage, USER_TOKEN_KEY) };
}

/** The product session token, used to revoke the session on logout. */
export function readUserToken(): string | null {
  return read(() => sessionStorage, USER_TOKEN_KEY);
}

export function hasSession(): boolean {
  return readSession() !== null;
}

/** Store a successful sign-up or sign-in answer exactly as the spec names the keys. */
export function saveSession(auth: AuthResponse): void {
  sessionStorage.setItem(TOKEN_KEY, auth.streamToken);
  sessionStorage.setItem(USER_TOKEN_KEY, auth.token);
  localStorage.setItem(UID_KEY, auth.user.id);
}

/** Where a device remembered by two-factor sign-in keeps its token, per account (auth/two-factor-api.ts). */
export const REMEMBERED_DEVICE_PREFIX = "remembered_device:";

/**
 * Logout and an invalid token clear both storages (spec §4), but for the tokens of remembered
 * devices: signing out is what "remember this device for 30 days" must outlast.
 */
export function clearSession(): void {
  for (const storage of [() => sessionStorage, () => localStorage]) {
    try {
      const kept = keptEntries(storage());
      storage().clear();
      for (const [key, value] of kept) storage().setItem(key, value);
    } catch {
      // Nothing stored when storage is unavailable.
    }
  }
}

function keptEntries(storage: Storage): [string, string][] {
  const kept: [string, string][] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    const value = key?.startsWith(REMEMBERED_DEVICE_PREFIX) ? storage.getItem(key) : null;
    if (key && value !== null) kept.push([key, value]);
  }
  return kept;
}
