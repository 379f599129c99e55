import type { ChatClient } from "@parley/client";
import { Link } from "react-router";
import { LoadError } from "../settings/load-error";
import { CreateAccountSection } from "./create-account-section";
import { InvitesSection } from "./invites-section";
import { SignupSection } from "./signup-section";
import { useAppSettings } from "./use-app-settings";
import { UsersSection } from "./users-section";
import "../styles/app-shell.css";
import "../polls/forms.css";
import "../styles/subpage.css";
import "../styles/notification-settings.css";
import "./admin.css";

const SECTIONS = [
  ["admin-signup", "Sign-up"],
  ["admin-invites", "Invites"],
  ["admin-create-account", "Create account"],
  ["admin-users", "Users"],
] as const;

/** /admin: who may sign up, invite links, accounts admins create, and the users. */
export function AdminScreen({ client }: { client: ChatClient }) {
  const model = useAppSettings();
  const { settings } = model;
  return (
    <div className="subpage">
      <title>Admin console · Parley</title>
      <header className="subpage__header">
        <Link to="/chats" className="subpage__back">
          ← Chats
        </Link>
        <h1 className="subpage__title">Admin console</h1>
      </header>
      <main id="main" className="subpage__main" aria-busy={!settings && !model.loadError}>
        <nav className="admin-nav" aria-label="Admin console sections">
          {SECTIONS.map(([id, label]) => (
            <a key={id} href={`#${id}`} className="admin-nav__link">
              {label}
            </a>
          ))}
        </nav>
        {model.loadError && <LoadError what="the settings" error={model.loadError} onRetry={model.reload} />}
        {settings && <SignupSection settings={settings} update={model.update} />}
        <InvitesSection client={client} />
        <CreateAccountSection closed={settings?.signupMode === "closed"} />
        <UsersSection />
      </main>
    </div>
  );
}
