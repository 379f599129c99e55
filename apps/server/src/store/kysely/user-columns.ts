import type { UserRow } from "../store.js";

/** A user's columns joined onto another table's row, prefixed apart from its columns. */
export const USER_COLUMNS = [
  "users.id as u_id",
  "users.name as u_name",
  "users.image as u_image",
  "users.role as u_role",
  "users.created_at as u_created_at",
  "users.updated_at as u_updated_at",
  "users.last_active as u_last_active",
  "users.deleted_at as u_deleted_at",
  "users.deactivated_at as u_deactivated_at",
  "users.status_emoji as u_status_emoji",
  "users.status_text as u_status_text",
  "users.status_expires_at as u_status_expires_at",
  "users.dnd_until as u_dnd_until",
] as const;

export type UserColumns = { [K in keyof UserRow as `u_${K}`]: UserRow[K] };

/**
 * The user of a row that selected `USER_COLUMNS`, written out field by field: a rest pattern
 * copied a row on V8's slow path.
 */
export function userOf(r: UserColumns): UserRow {
  return {
    id: r.u_id,
    name: r.u_name,
    image: r.u_image,
    role: r.u_role,
    created_at: r.u_created_at,
    updated_at: r.u_updated_at,
    last_active: r.u_last_active,
    deleted_at: r.u_deleted_at,
    deactivated_at: r.u_deactivated_at,
    status_emoji: r.u_status_emoji,
    status_text: r.u_status_text,
    status_expires_at: r.u_status_expires_at,
    dnd_until: r.u_dnd_until,
  };
}
