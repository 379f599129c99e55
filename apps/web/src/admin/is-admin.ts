import type { OwnUserResponse } from "@parley/protocol";

/** Who sees the admin console: read from what the server says the user may do. */
export function isAdmin(me: Pick<OwnUserResponse, "capabilities"> | undefined): boolean {
  return me?.capabilities.includes("ManageAccounts") ?? false;
}
