import { Link } from "react-router";
import { StatusPage } from "../components/status-page";
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

/** No way to sign up here without an invite (or at all): said plainly, instead of a form. */
export function SignupUnavailable({ mode }: { mode: "invite" | "closed" }) {
  return (
    <StatusPage title={mode === "invite" ? "Joining needs an invite" : "Sign-up is closed"} actions={signIn}>
      <p data-testid="signup-unavailable" data-mode={mode}>
        {mode === "invite"
          ? "This Parley server is open by invitation only. Ask someone who uses it for an invite link, then open that link."
          : "New accounts on this Parley server are made by its admins. Ask an admin to create one for you."}
      </p>
    </StatusPage>
  );
}
