import { Outlet, ScrollRestoration, useNavigation } from "react-router";
import { LoadingView } from "../components/loading-view";
import { isPageLoading } from "../lib/navigation";

/** The root of every page: the current route, and the loading view while the next one loads. */
export function RootLayout() {
  const loading = isPageLoading(useNavigation());
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Outlet />
      {loading && <LoadingView delayed />}
      <ScrollRestoration />
    </>
  );
}
