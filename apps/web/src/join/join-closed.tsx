import { Link } from "react-router";
import { StatusPage } from "../components/status-page";
import { accounts } from "../session/accounts";
import { useSsoConfig } from "../sso/sso-config";
import type { InviteRefusal } from "./join-loader";

const signIn = (
  <Link className="button button--primary" to="/signin">
    Sign in
  </Link>
);

const REFUSED_TITLES: Record<InviteRefusal, string> = {
  invite_invalid: "This invite link is not valid",
  invite_expired: "This invite has expired",
  invite_used_up: "This invite has been used up",
  invite_revoked: "This invite was revoked",
};

/** An invite link that lets nobody in (any more): what happened and what to do. */
export function InviteRefused({ code }: { code: InviteRefusal }) {
  return (
    <StatusPage title={REFUSED_TITLES[code]} actions={signIn}>
      <p data-testid="invite-refused" data-code={code}>
        {code === "invite_invalid"
          ? "Check that you opened the whole link. "
          : "Invite links work for a limited time and number of people. "}
        Ask the person who invited you for a new link. If you already have an account, sign in.
      </p>
    </StatusPage>
  );
}

/**
 * No way to sign up here without an invite (or at all): said plainly, instead of a form. With
 * single sign-on, the organisation's accounts still come in through it (their Parley account is
 * made at the first sign-in), so the page offers it.
 */
export function SignupUnavailable({ mode }: { mode: "invite" | "closed" }) {
  const sso = useSsoConfig()?.sso;
  const actions = sso ? (
    <>
      <a className="button button--primary" href={accounts.ssoStartURL()}>
        Sign in with {sso.name}
      </a>
      <Link className="button" to="/signin">
        Sign in
      </Link>
    </>
  ) : (
    signIn
  );
  return (
    <StatusPage title={mode === "invite" ? "Joining needs an invite" : "Sign-up is closed"} actions={actions}>
      <p data-testid="signup-unavailable" data-mode={mode}>
        {mode === "invite"
          ? "This Parley server is open by invitation only. Ask someone who uses it for an invite link, then open that link."
          : "New accounts on this Parley server are made by its admins. Ask an admin to create one for you."}
        {sso &&
          ` If you have an account with ${sso.name}, sign in with it: your Parley account is made then.`}
      </p>
    </StatusPage>
  );
}
