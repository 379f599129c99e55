import { Link } from "react-router";
import { StatusPage } from "../components/status-page";

const TITLES: Record<string, string> = {
  reset_link_expired: "This reset link has expired",
  reset_link_used: "This reset link was already used",
};

/**
 * The page a reset link opens once it no longer works: expired (after an hour), used (or
 * replaced by a newer link), or not a link Parley made.
 */
export function ResetLinkRefused({ code, byEmail }: { code: string | undefined; byEmail: boolean }) {
  const title = (code && TITLES[code]) ?? "This reset link is not valid";
  return (
    <StatusPage
      title={title}
      actions={
        <>
          {byEmail && (
            <Link className="button button--primary" to="/forgot-password">
              Ask for a new link
            </Link>
          )}
          <Link className={byEmail ? "button" : "button button--primary"} to="/signin">
            Sign in
          </Link>
        </>
      }
    >
      <p data-testid="reset-refused" data-code={code}>
        {code === "reset_link_used"
          ? "Each reset link works once, and a newer link replaces older ones."
          : code === "reset_link_expired"
            ? "Reset links work for one hour."
            : "Check that you opened the whole link from the message you were given."}
      </p>
      <p>
        {byEmail
          ? "You can ask for a new link by email, or ask an administrator for one."
          : "Ask an administrator of this Parley for a new link."}{" "}
        If you remember your password, just sign in.
      </p>
    </StatusPage>
  );
}
