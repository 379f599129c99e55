/**
 * The app's first account is its admin (docs/api.md). global-setup.ts signs this account up
 * on the fresh e2e server before any test runs, so tests can sign in as the admin (for example
 * to make another account a moderator).
 */
export const E2E_ADMIN = {
  username: "admin",
  displayName: "E2E Admin",
  password: "e2e-admin-password",
} as const;

export function e2eBaseURL(): string {
  return `http://127.0.0.1:${Number(process.env.PARLEY_E2E_PORT ?? 3999)}`;
}
