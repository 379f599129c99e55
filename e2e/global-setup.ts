import { E2E_ADMIN, e2eBaseURL } from "./support/admin";

/**
 * Runs after the web server started and before any test: signs up the admin account (the first
 * account on a fresh server is the admin). A server reused from an earlier run already has it.
 */
export default async function globalSetup(): Promise<void> {
  const res = await fetch(`${e2eBaseURL()}/api/auth`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ action: "signup", ...E2E_ADMIN, profilePicture: "" }),
  });
  if (res.status !== 201 && res.status !== 409) {
    throw new Error(`signing up the e2e admin failed: HTTP ${res.status} ${await res.text()}`);
  }
}
