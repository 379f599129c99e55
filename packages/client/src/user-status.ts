/**
 * User status and Do Not Disturb as others see them (docs/api.md "User status"): the calls that
 * set and clear the own status, and how a fresh rendering of a user (`user.updated`, an answer)
 * replaces what the client held of them without losing their presence.
 */
import type { SetUserStatusBody, UserResponse, UserStatus } from "@parley/protocol";
import type { RequestOptions, RestClient } from "./rest.js";

/** A status to set; `expires_at` may be a Date, null or absent for "until cleared". */
export interface StatusInput {
  emoji?: string;
  text?: string;
  expires_at?: Date | string | null;
}

export async function setOwnStatus(
  rest: Pick<RestClient, "call">,
  input: StatusInput,
  options?: RequestOptions,
): Promise<UserResponse> {
  const body: SetUserStatusBody = {};
  if (input.emoji !== undefined) body.emoji = input.emoji;
  if (input.text !== undefined) body.text = input.text;
  if (input.expires_at !== undefined)
    body.expires_at = input.expires_at instanceof Date ? input.expires_at.toISOString() : input.expires_at;
  const { user } = await rest.call("setStatus", { body }, options);
  return user;
}

export async function clearOwnStatus(
  rest: Pick<RestClient, "call">,
  options?: RequestOptions,
): Promise<UserResponse> {
  const { user } = await rest.call("clearStatus", undefined, options);
  return user;
}

/**
 * `held` with what `fresh` says of the user: status and Do Not Disturb go when `fresh` has none;
 * `online` stays what was known when `fresh` carries none (events carry no presence).
 */
export function withFreshUser<T extends UserResponse>(held: T, fresh: UserResponse): T {
  const { status: _s, dnd_until: _d, ...rest } = held;
  const next = { ...rest, ...fresh } as T;
  if (fresh.online === undefined && held.online !== undefined) next.online = held.online;
  return next;
}

/** The status to show at `now`: none once it expired (events and answers may be older). */
export function shownStatus(user: UserResponse | undefined, now: number): UserStatus | undefined {
  const status = user?.status;
  if (!status) return undefined;
  if (status.expires_at && Date.parse(status.expires_at) <= now) return undefined;
  return status;
}

/** When the user's Do Not Disturb ends, while it is on at `now`. */
export function shownDndUntil(user: UserResponse | undefined, now: number): string | undefined {
  const until = user?.dnd_until;
  return until && Date.parse(until) > now ? until : undefined;
}
