import { Link } from "react-router";

/** Footer of the public pages. */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <p className="site-footer__note">Parley is open-source software, released under the MIT licence.</p>
        <nav aria-label="Footer" className="site-footer__nav">
          <Link to="/">Home</Link>
          <Link to="/about">About</Link>
          <Link to="/join">Create an account</Link>
          <Link to="/signin">Sign in</Link>
        </nav>
      </div>
    </footer>
  );
}
