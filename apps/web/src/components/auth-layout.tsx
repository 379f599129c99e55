import type { ReactNode } from "react";
import "../styles/auth.css";
import { Brand } from "./brand";

interface AuthLayoutProps {
  title: string;
  intro: string;
  children: ReactNode;
  /** The line under the card, e.g. a link to the other auth page. */
  footer: ReactNode;
}

/** The centred card the sign-up and sign-in pages share. */
export function AuthLayout({ title, intro, children, footer }: AuthLayoutProps) {
  return (
    <div className="auth-page">
      <header className="auth-page__header">
        <Brand />
      </header>
      <main id="main" className="auth-page__main">
        <div className="auth-card">
          <h1 className="auth-card__title">{title}</h1>
          <p className="auth-card__intro">{intro}</p>
          {children}
        </div>
        <p className="auth-page__footer">{footer}</p>
      </main>
    </div>
  );
}
