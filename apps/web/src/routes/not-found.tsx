import { Link, useLocation } from "react-router";
import { StatusPage } from "../components/status-page";

/** Any path no route matches. */
export function Component() {
  const { pathname } = useLocation();
  return (
    <StatusPage
      title="Page not found"
      actions={
        <Link className="button button--primary" to="/">
          Go to the home page
        </Link>
      }
    >
      <p>
        There is no page at <code>{pathname}</code>. It may have moved, or the link may be mistyped.
      </p>
    </StatusPage>
  );
}
