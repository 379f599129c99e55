import { isRouteErrorResponse } from "react-router";

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
  if (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed/i.test(error.message)
  ) {
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
