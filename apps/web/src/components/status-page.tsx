import type { ReactNode } from "react";
import "../styles/status-page.css";
import { BrandMark } from "./brand-mark";

interface StatusPageProps {
  title: string;
  children: ReactNode;
  /** Links or buttons offering a way on. */
  actions: ReactNode;
}

/** A full page for "not found" and "something went wrong". */
export function StatusPage({ title, children, actions }: StatusPageProps) {
  return (
    <main id="main" className="status-page">
      <title>{`${title} · Parley`}</title>
      <div className="status-page__card">
        <BrandMark />
        <h1 className="status-page__title">{title}</h1>
        <div className="status-page__text">{children}</div>
        <div className="status-page__actions">{actions}</div>
      </div>
    </main>
  );
}
