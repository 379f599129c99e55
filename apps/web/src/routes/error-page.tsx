import { lazy, Suspense } from "react";
import { useRouteError } from "react-router";
import { StatusPage } from "../components/status-page";
import { describeRouteError, isOfflineFailure } from "../lib/route-error";

const OFFLINE = "You're offline — reconnecting";

/** Loaded when first needed (the service worker has it cached); a line of text if even that fails. */
const OfflinePage = lazy(() =>
  import("../pwa/offline-page").then(
    (m) => ({ default: m.OfflinePage }),
    () => ({ default: () => <p role="status">{OFFLINE}</p> }),
  ),
);

/**
 * The root route's error element: a friendly page with a way home instead of a blank screen, or,
 * for a page that could not load without a network (or the server), the offline state, which
 * retries by itself.
 */
export function ErrorPage() {
  const error = useRouteError();
  if (isOfflineFailure(error))
    return (
      <Suspense fallback={<p role="status">{OFFLINE}</p>}>
        <OfflinePage />
      </Suspense>
    );
  const view = describeRouteError(error);
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
