import { useRouteError } from "react-router";
import { StatusPage } from "../components/status-page";
import { describeRouteError } from "../lib/route-error";

/** The root route's error element: a friendly page with a way home instead of a blank screen. */
export function ErrorPage() {
  const view = describeRouteError(useRouteError());
  return (
    <StatusPage
      title={view.title}
      actions={
        <>
          {/* Plain links: a full page load starts the app afresh. */}
          <a className="button button--primary" href="/">
            Go to the home page
          </a>
          {!view.notFound && (
            <button type="button" className="button" onClick={() => window.location.reload()}>
              Reload
            </button>
          )}
        </>
      }
    >
      <p>{view.detail}</p>
    </StatusPage>
  );
}
