import { z } from "zod";
import {
  adminAccountListSchema,
  adminAccountSchema,
  adminAccountsQuerySchema,
  revokedCountSchema,
  sessionListSchema,
} from "../sessions.js";
import { userPath } from "./params.js";
import type { ApiRoute } from "./route.js";

const own = { tag: "sessions", auth: "session" } as const;
const admin = { tag: "admin", auth: "session", params: userPath } as const;
const sessionPath = z.object({ id: z.string().min(1).max(64) });

/** The sessions a user holds, and what an admin does to someone else's account (docs/api.md). */
export const sessionRoutes = {
  listSessions: {
    ...own,
    method: "GET",
    path: "/api/account/sessions",
    summary: "The caller's signed-in sessions (device, IP, last seen), newest first",
    answers: { 200: sessionListSchema },
    errors: ["account_deactivated"],
  },
  revokeSession: {
    ...own,
    method: "DELETE",
    path: "/api/account/sessions/{id}",
    params: sessionPath,
    summary: "Sign one of the caller's sessions out; its sockets close",
    answers: { 204: null },
    errors: ["not_found", "account_deactivated"],
  },
  revokeOtherSessions: {
    ...own,
    method: "POST",
    path: "/api/account/sessions/revoke-others",
    summary: "Sign out every session of the caller but this one",
    answers: { 200: revokedCountSchema },
    errors: ["account_deactivated"],
  },
  adminListUsers: {
    tag: "admin",
    auth: "session",
    method: "GET",
    path: "/api/admin/users",
    query: adminAccountsQuerySchema,
    summary: "Accounts by username, with role and whether they are deactivated (admins)",
    answers: { 200: adminAccountListSchema },
    errors: ["forbidden"],
  },
  adminSignOutUser: {
    ...admin,
    method: "POST",
    path: "/api/admin/users/{id}/sign-out",
    summary: "Sign a user out everywhere: every session revoked, every socket closed (admins)",
    answers: { 200: revokedCountSchema },
    errors: ["forbidden", "not_found"],
  },
  adminDeactivateUser: {
    ...admin,
    method: "POST",
    path: "/api/admin/users/{id}/deactivate",
    summary: "Deactivate an account: it cannot sign in, its sockets close, its messages stay (admins)",
    answers: { 200: z.object({ user: adminAccountSchema }) },
    errors: ["forbidden", "not_found"],
  },
  adminReactivateUser: {
    ...admin,
    method: "POST",
    path: "/api/admin/users/{id}/reactivate",
    summary: "Let a deactivated account sign in again (admins)",
    answers: { 200: z.object({ user: adminAccountSchema }) },
    errors: ["forbidden", "not_found"],
  },
} as const satisfies Record<string, ApiRoute>;
