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
  };
}
