import { Link, NavLink } from "react-router";
import { hasSession } from "../session/storage";
import { Brand } from "./brand";

/** Header of the public pages (landing, about). */
export function SiteHeader() {
  const signedIn = hasSession();
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Brand />
        <nav className="site-header__nav" aria-label="Main">
          <NavLink to="/about" className="site-header__link">
            About
          </NavLink>
          {signedIn ? (
            <Link to="/chats" className="button button--primary">
              Open chats
            </Link>
          ) : (
            <>
              <Link to="/signin" className="site-header__link">
                Sign in
              </Link>
              <Link to="/join" className="button button--primary">
                Sign up
              </Link>
            </>
          )}
        </nav>
      </div>
    </header>
  );
}
