import { useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import { LoadingView } from "../components/loading-view";
import { StatusPage } from "../components/status-page";
import { safeNextPath } from "../session/next-path";
import { saveSession } from "../session/storage";
import { type Finished, finishLink, finishSignin } from "../sso/sso-finish";

/**
 * /sso: where single sign-on lands. `#code=` (in the fragment, which no server sees) is exchanged
 * for a session, saved like a password sign-in's, and the browser goes on to `?next=`. With
 * `?link=1`, after signing in to a local account, the pending link is made.
 */
export function Component() {
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<Finished>();
  useEffect(() => {
    const query = new URLSearchParams(window.location.search);
    const linking = query.get("link") === "1";
    const code = new URLSearchParams(window.location.hash.slice(1)).get("code");
    const finishing = linking ? finishLink() : finishSignin(code, saveSession);
    let live = true;
    void finishing.then((done) => {
      if (!live) return;
      if (done.ok && !done.message) navigate(safeNextPath(query.get("next")), { replace: true });
      else setOutcome(done);
    });
    return () => {
      live = false;
    };
  }, [navigate]);

  if (!outcome) return <LoadingView />;
  if (outcome.ok)
    return (
      <StatusPage
        title="Account linked"
        actions={
          <Link className="button button--primary" to={safeNextPath(outcome.next)}>
            Continue
          </Link>
        }
      >
        <p role="status">{outcome.message}</p>
      </StatusPage>
    );
  return (
    <StatusPage
      title="Single sign-on did not finish"
      actions={
        <Link className="button button--primary" to="/signin">
          Back to sign in
        </Link>
      }
    >
      <p role="alert">{outcome.message}</p>
    </StatusPage>
  );
}
