import { isRouteErrorResponse } from "react-router";

/** A route's code that failed to load: after a deploy the old chunk is gone. */
const CHUNK_FAILED = /dynamically imported module|Importing a module script failed/i;

/**
 * Whether a route failed because no answer came: a request the SDK made got no HTTP answer
 * (status 0; told by shape, as importing the SDK would weigh on the first load, where this runs),
 * or the browser's fetch failed. A route's code that fails to load online is no such case.
 */
export function isNetworkFailure(error: unknown): boolean {
  if (!(error instanceof Error) || CHUNK_FAILED.test(error.message)) return false;
  if ((error as Error & { status?: unknown }).status === 0) return true;
  return /failed to fetch|networkerror|load failed/i.test(error.message);
}

/** Whether the page failed for want of a network (or of the server): anything but a 404 while offline. */
export function isOfflineFailure(error: unknown): boolean {
  if (isRouteErrorResponse(error) && error.status === 404) return false;
  return !navigator.onLine || isNetworkFailure(error);
}

export interface RouteErrorView {
  notFound: boolean;
  title: string;
  detail: string;
}

/** Turn whatever a route threw into what the error page says. */
export function describeRouteError(error: unknown): RouteErrorView {
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) {
      return {
        notFound: true,
        title: "Page not found",
        detail: "There is nothing at this address. It may have moved, or the link may be mistyped.",
      };
    }
    return {
      notFound: false,
      title: "Something went wrong",
      detail: `The server answered ${error.status}${error.statusText ? ` ${error.statusText}` : ""}.`,
    };
  }
  if (error instanceof Error && CHUNK_FAILED.test(error.message)) {
    return {
      notFound: false,
      title: "Parley has been updated",
      detail:
        "This page could not be loaded, probably because a newer version is available. Reload to continue.",
    };
  }
  const message = error instanceof Error ? error.message : "";
  return {
    notFound: false,
    title: "Something went wrong",
    detail: message
      ? `${message} Please try again.`
      : "An unexpected error stopped this page. Please try again.",
  };
}
