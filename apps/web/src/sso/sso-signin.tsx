import { type ReactNode, useState } from "react";
import { FormAlert } from "../components/form-alert";
import { useSearchParam } from "../lib/search-param";
import { accounts } from "../session/accounts";
import { safeNextPath } from "../session/next-path";
import { useSsoConfig } from "./sso-config";
import { ssoErrorText } from "./sso-errors";
import { LINK_PATH } from "./sso-link";
import { usePendingLink } from "./use-pending-link";
import "./sso.css";

interface SsoSigninProps {
  page: "signin" | "join";
  next: string | null;
  /** The password form: hidden in SSO-only mode (on /signin, a button shows it, for the break-glass admin). */
  children: ReactNode;
}

/** Where "Sign in with …" goes: the server's start of single sign-on, carrying `next`. */
function startHref(next: string | null): string {
  return accounts.ssoStartURL(next && next !== LINK_PATH ? safeNextPath(next) : undefined);
}

/**
 * Single sign-on on the sign-in and join pages: why the last attempt failed, the pending link
 * to finish with a password, the "Sign in with …" button, and — unless passwords are off — the
 * password form under it.
 */
export function SsoSignin({ page, next, children }: SsoSigninProps) {
  const config = useSsoConfig();
  const linking = usePendingLink(next) && page === "signin";
  const error = ssoErrorText(useSearchParam("sso_error"));
  const [passwordChosen, setPasswordChosen] = useState(false);
  const name = config?.sso?.name;
  const passwords = !config || config.localPasswords || linking || passwordChosen;
  const button = name && !linking;

  return (
    <>
      {error && <FormAlert message={error} />}
      {linking && (
        <p className="sso-notice" role="status">
          {name
            ? `Sign in to your Parley account to link it with ${name}.`
            : "Sign in to your Parley account to link it."}{" "}
          You do this once; afterwards the single sign-on button is enough.
        </p>
      )}
      {button && (
        <a
          className={`button button--large button--block sso-button${passwords ? "" : " button--primary"}`}
          href={startHref(next)}
        >
          Sign in with {name}
        </a>
      )}
      {button && !config.localPasswords && page === "join" && (
        <p className="sso-notice">Accounts on this server are made by signing in with {name}.</p>
      )}
      {button && passwords && (
        <p className="sso-divider">
          <span>or</span>
        </p>
      )}
      {passwords && children}
      {!passwords && page === "signin" && (
        <button
          type="button"
          className="button button--block sso-password"
          onClick={() => setPasswordChosen(true)}
        >
          Sign in with a password (administrators)
        </button>
      )}
    </>
  );
}
