import { type ReactNode, useContext } from "react";
import { Link, NavLink } from "react-router";
import { Prerendering } from "../prerender/prerendering";
import { hasSession } from "../session/storage";
import { Brand } from "./brand";

/** Header of the public pages (landing, about). */
export function SiteHeader() {
  const prerendering = useContext(Prerendering);
  const signedIn = (
    <Link to="/chats" className="button button--primary">
      Open chats
    </Link>
  );
  const signedOut = (
    <>
      <Link to="/signin" className="site-header__link">
        Sign in
      </Link>
      <Link to="/join" className="button button--primary">
        Sign up
      </Link>
    </>
  );
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Brand />
        <nav className="site-header__nav" aria-label="Main">
          <NavLink to="/about" className="site-header__link">
            About
          </NavLink>
          {prerendering ? (
            <>
              <ForSession when="in">{signedIn}</ForSession>
              <ForSession when="out">{signedOut}</ForSession>
            </>
          ) : hasSession() ? (
            signedIn
          ) : (
            signedOut
          )}
        </nav>
      </div>
    </header>
  );
}

/** In a pre-rendered page: links for one session state; signed out shows until the page's script runs. */
function ForSession({ when, children }: { when: "in" | "out"; children: ReactNode }) {
  return (
    <span className="site-header__session" data-session={when} hidden={when === "in"}>
      {children}
    </span>
  );
}
