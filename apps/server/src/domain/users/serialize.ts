import type { AppRole, UserResponse } from "@parley/protocol";
import type { UserRow } from "../../store/store.js";

/**
 * A user as answers and events show them, from their row alone: `online` is presence, which the
 * realtime layer fills in for answers (realtime/presence-fields.ts) and events leave out.
 */
export function toUserResponse(u: UserRow): UserResponse {
  return {
    id: u.id,
    name: u.deleted_at ? "Deleted user" : u.name,
    image: u.deleted_at ? "" : u.image,
    role: u.role as AppRole,
    last_active: u.last_active,
    created_at: u.created_at,
    ...(u.deactivated_at ? { deactivated: true as const } : {}),
  };
}
