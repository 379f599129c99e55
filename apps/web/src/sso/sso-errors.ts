import type { SsoError } from "@parley/protocol";

/** What the sign-in page says for `?sso_error=<code>`. */
export const SSO_ERROR_TEXT: Record<SsoError, string> = {
  not_configured: "Single sign-on is not set up on this server.",
  state: "That sign-in attempt has expired or was started in another browser. Please try again.",
  denied: "The sign-in was cancelled at your identity provider.",
  rejected:
    "Your identity provider's answer could not be verified, so you were not signed in. Please try again.",
  provider: "Your identity provider could not be reached or refused the sign-in. Please try again later.",
  account: "Your identity provider did not give a username Parley can use. Ask an administrator.",
  deactivated: "This account has been deactivated. Ask an administrator.",
  banned: "This account is banned from this server.",
  unavailable: "Parley could not finish signing you in. Please try again.",
};

export function ssoErrorText(code: string | null): string | undefined {
  return code && Object.hasOwn(SSO_ERROR_TEXT, code)
    ? SSO_ERROR_TEXT[code as SsoError]
    : code
      ? SSO_ERROR_TEXT.unavailable
      : undefined;
}
