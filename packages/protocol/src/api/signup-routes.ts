import { z } from "zod";
import { accountUserSchema } from "../auth.js";
import {
  adminCreateUserBodySchema,
  appSettingsSchema,
  createdInviteSchema,
  createInviteBodySchema,
  invitePreviewBodySchema,
  invitePreviewSchema,
  inviteSchema,
  updateAppSettingsBodySchema,
} from "../signup.js";
import type { ApiRoute } from "./route.js";

const tag = "admin";
const API_BODY_LIMIT = 16 * 1024;
const settingsAnswer = { 200: z.object({ settings: appSettingsSchema }) };
const inviteAnswer = { 200: z.object({ invite: inviteSchema }) };

/**
 * Run-time settings (sign-up mode, who may invite, the 2FA requirement), invites and the
 * accounts admins create (docs/api.md "Sign-up modes and invites").
 */
export const signupRoutes = {
  getAppSettings: {
    tag,
    method: "GET",
    path: "/api/admin/settings",
    auth: "session",
    summary: "The run-time settings an admin edits: sign-up mode, members may invite, 2FA requirement",
    answers: settingsAnswer,
    errors: ["forbidden"],
  },
  updateAppSettings: {
    tag,
    method: "PATCH",
    path: "/api/admin/settings",
    auth: "session",
    summary: "Change some of the run-time settings; every node applies them at once",
    body: updateAppSettingsBodySchema,
    bodyLimit: API_BODY_LIMIT,
    answers: settingsAnswer,
    errors: ["forbidden"],
  },
  adminCreateUser: {
    tag,
    method: "POST",
    path: "/api/admin/users",
    auth: "session",
    summary: "Create an account with an initial password (how people join while sign-up is closed)",
    body: adminCreateUserBodySchema,
    bodyLimit: API_BODY_LIMIT,
    answers: { 201: z.object({ user: accountUserSchema }) },
    errors: ["forbidden", "username_taken"],
  },
  createInvite: {
    tag: "invites",
    method: "POST",
    path: "/api/invites",
    auth: "session",
    summary: "Create an invite link (admins; members too when the settings allow it)",
    description:
      "The answer carries the token and the link once; only the token's SHA-256 is stored. Channels must be team channels the creator may add people to.",
    body: createInviteBodySchema,
    bodyLimit: API_BODY_LIMIT,
    answers: { 201: createdInviteSchema },
    errors: ["forbidden", "not_found"],
  },
  listInvites: {
    tag: "invites",
    method: "GET",
    path: "/api/invites",
    auth: "session",
    summary: "Invites, newest first: every invite for an admin, one's own for a member",
    answers: { 200: z.object({ invites: z.array(inviteSchema) }) },
    errors: [],
  },
  revokeInvite: {
    tag: "invites",
    method: "POST",
    path: "/api/invites/{id}/revoke",
    auth: "session",
    params: z.object({ id: z.string().min(1).max(64) }),
    summary: "Revoke an invite (an admin any, a member their own); its link stops working",
    answers: inviteAnswer,
    errors: ["forbidden", "not_found"],
  },
  previewInvite: {
    tag: "invites",
    method: "POST",
    path: "/api/invites/preview",
    auth: "none",
    body: invitePreviewBodySchema,
    bodyLimit: API_BODY_LIMIT,
    summary: "What an invite link offers: who invited, the channels it joins, until when (changes nothing)",
    description: "The token travels in the body, never in a URL a log could keep.",
    answers: { 200: invitePreviewSchema },
    errors: ["invite_invalid", "invite_expired", "invite_used_up", "invite_revoked"],
  },
} as const satisfies Record<string, ApiRoute>;
