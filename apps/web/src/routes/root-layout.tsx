import { Outlet, useNavigation, UNSAFE_useScrollRestoration as useScrollRestoration } from "react-router";
import { LoadingView } from "../components/loading-view";
import { isPageLoading } from "../lib/navigation";

/** The root of every page: the current route, and the loading view while the next one loads. */
export function RootLayout() {
  const loading = isPageLoading(useNavigation());
  // <ScrollRestoration> without its server-rendering script: in an app rendered in the browser
  // only, the component calls this hook and renders nothing, yet the script it would inline
  // shipped in every first load (0.35 KB gzip; React Router is one module). React Router exports
  // the hook only as UNSAFE_ (no page in its docs), so check it on upgrades.
  useScrollRestoration();
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Outlet />
      {loading && <LoadingView delayed />}
    </>
  );
}
