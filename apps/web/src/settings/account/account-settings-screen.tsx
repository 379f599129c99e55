import { Link } from "react-router";
import { PasswordSection } from "./password-section";
import { PrivacySection } from "./privacy-section";
import { SessionsSection } from "./sessions-section";
import { TwoFactorSection } from "./two-factor-section";
import "../../styles/app-shell.css";
import "../../polls/forms.css";
import "../../styles/subpage.css";
import "../../styles/notification-settings.css";

/** /settings/account: how the user signs in, and where they are signed in. */
export function AccountSettingsScreen() {
  return (
    <div className="subpage">
      <title>Account and security · Parley</title>
      <header className="subpage__header">
        <Link to="/chats" className="subpage__back">
          ← Chats
        </Link>
        <h1 className="subpage__title">Account and security</h1>
      </header>
      <main id="main" className="subpage__main">
        <PasswordSection />
        <TwoFactorSection />
        <SessionsSection />
        <PrivacySection />
      </main>
    </div>
  );
}
