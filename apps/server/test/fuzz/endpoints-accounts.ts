import type { FuzzEndpoint } from "./rest-harness.js";

/**
 * The product API's admin and account bodies: `admin` is an admin's product session token, so
 * the admin-only calls get past authentication and their bodies reach validation and the domain.
 */
export function accountEndpoints(admin: () => string): FuzzEndpoint[] {
  const asAdmin = { token: admin } as const;
  return [
    {
      ...asAdmin,
      name: "list accounts (admin)",
      schema: "adminAccountsQuerySchema",
      method: "GET",
      path: () => "/api/admin/users",
      base: { q: "fu", offset: 0, limit: 20 },
      query: true,
    },
    {
      ...asAdmin,
      name: "change the run-time settings",
      schema: "updateAppSettingsBodySchema",
      method: "PATCH",
      path: () => "/api/admin/settings",
      // Leaves sign-up open so the suite's other calls keep working.
      base: { signupMode: "open", membersCanInvite: true, require2fa: "off" },
    },
    {
      ...asAdmin,
      name: "create an invite",
      schema: "createInviteBodySchema",
      method: "POST",
      path: () => "/api/invites",
      base: { expiresInHours: 24, maxUses: 3, channels: [] },
    },
    {
      ...asAdmin,
      name: "create an account (admin)",
      schema: "adminCreateUserBodySchema",
      method: "POST",
      path: () => "/api/admin/users",
      base: { username: "fuzzed-user", displayName: "Fuzzed", password: "a long fuzzed password" },
    },
    {
      ...asAdmin,
      name: "change own password",
      schema: "changePasswordBodySchema",
      method: "POST",
      path: () => "/api/account/password",
      // A wrong current password: the admin's own stays as it is.
      base: { current_password: "not the password", new_password: "another long password" },
    },
    {
      name: "check a reset link",
      schema: "resetTokenBodySchema",
      method: "POST",
      path: () => "/api/password-reset/check",
      base: { token: "t".repeat(43) },
      token: () => null,
    },
    {
      name: "reset a password by link",
      schema: "resetPasswordBodySchema",
      method: "POST",
      path: () => "/api/password-reset",
      base: { token: "t".repeat(43), new_password: "another long password" },
      token: () => null,
    },
    {
      name: "preview an invite",
      schema: "invitePreviewBodySchema",
      method: "POST",
      path: () => "/api/invites/preview",
      base: { token: "t".repeat(43) },
      token: () => null,
    },
    {
      name: "ask for a reset email",
      schema: "resetRequestBodySchema",
      method: "POST",
      path: () => "/api/password-reset/request",
      base: { username_or_email: "someone@example.com" },
      token: () => null,
    },
  ];
}
