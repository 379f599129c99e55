import { ChatApiError } from "@parley/client";
import { accounts } from "./accounts";

/** The server's public configuration (`GET /api/config`), fetched once per page load. */
export interface PublicConfig {
  apiKey: string;
  /** Whether the sign-in page offers "Forgot password?" (the server sends email). */
  passwordResetByEmail: boolean;
  /** Single sign-on: the provider's name for the "Sign in with …" button, or null. */
  sso: { name: string } | null;
  /** False in SSO-only mode: the sign-in and join pages show only the SSO button. */
  localPasswords: boolean;
}

let pending: Promise<PublicConfig> | null = null;

async function fetchConfig(): Promise<PublicConfig> {
  let body: Partial<PublicConfig> | undefined;
  try {
    body = await accounts.config();
  } catch (error) {
    if (!(error instanceof ChatApiError) || error.status === 0) throw error;
    throw new Error(`Could not load the server configuration (HTTP ${error.status}).`);
  }
  if (typeof body?.apiKey !== "string" || body.apiKey === "") {
    throw new Error("The server configuration has no API key.");
  }
  return {
    apiKey: body.apiKey,
    passwordResetByEmail: body.passwordResetByEmail === true,
    sso: typeof body.sso?.name === "string" ? { name: body.sso.name } : null,
    localPasswords: body.localPasswords !== false,
  };
}

export function loadConfig(): Promise<PublicConfig> {
  if (!pending) {
    pending = fetchConfig().catch((error: unknown) => {
      pending = null; // try again next time
      throw error;
    });
  }
  return pending;
}
