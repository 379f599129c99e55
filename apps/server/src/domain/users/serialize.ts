import type { AppRole, UserResponse, UserStatus } from "@parley/protocol";
import type { UserRow } from "../../store/store.js";

/**
 * A user as answers and events show them, from their row alone: `online` is presence, which the
 * realtime layer fills in for answers (realtime/presence-fields.ts) and events leave out. A status
 * or Do Not Disturb that has ended by `now` is left out: nothing clears them when they end.
 */
export function toUserResponse(u: UserRow, now: Date = new Date()): UserResponse {
  const status = u.deleted_at ? undefined : activeStatus(u, now);
  const dnd =
    u.dnd_until && !u.deleted_at && Date.parse(u.dnd_until) > now.getTime() ? u.dnd_until : undefined;
  return {
    id: u.id,
    name: u.deleted_at ? "Deleted user" : u.name,
    image: u.deleted_at ? "" : u.image,
    role: u.role as AppRole,
    last_active: u.last_active,
    created_at: u.created_at,
    ...(u.deactivated_at ? { deactivated: true as const } : {}),
    ...(status ? { status } : {}),
    ...(dnd ? { dnd_until: dnd } : {}),
  };
}

function activeStatus(u: UserRow, now: Date): UserStatus | undefined {
  const emoji = u.status_emoji ?? "";
  const text = u.status_text ?? "";
  if (!emoji && !text) return undefined;
  const expires = u.status_expires_at ?? null;
  if (expires && Date.parse(expires) <= now.getTime()) return undefined;
  return { emoji, text, expires_at: expires };
}
