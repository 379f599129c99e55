import type { AppRole, UserResponse } from "@parley/protocol";
import type { UserRow } from "../../store/store.js";
import type { PresencePort } from "../events.js";

export function toUserResponse(u: UserRow, presence: PresencePort): UserResponse {
  return {
    id: u.id,
    name: u.deleted_at ? "Deleted user" : u.name,
    image: u.deleted_at ? "" : u.image,
    role: u.role as AppRole,
    online: u.deleted_at ? false : presence.isOnline(u.id),
    last_active: u.last_active,
    created_at: u.created_at,
  };
}
