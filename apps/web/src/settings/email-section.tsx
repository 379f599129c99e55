import type { ChatClient } from "@parley/client";
import type { NotificationSettings } from "@parley/protocol";
import { EmailAddress } from "./email-address";
import { EmailDigest } from "./email-digest";

interface EmailSectionProps {
  client: ChatClient;
  settings: NotificationSettings;
  took: (settings: NotificationSettings) => void;
}

/** Email digests of missed mentions and DMs; disabled, and saying why, when the server sends no email. */
export function EmailSection({ client, settings, took }: EmailSectionProps) {
  const off = !settings.email_available;
  return (
    <section className="settings-section" aria-labelledby="settings-email" data-testid="email-section">
      <h2 id="settings-email" className="settings-section__title">
        Email
      </h2>
      {off ? (
        <p className="settings-state" data-testid="email-unavailable">
          This server does not send email — an administrator can set SMTP_URL.
        </p>
      ) : (
        <p className="settings-section__hint">
          Mentions and direct messages you have not read in time, in one email. Each email has an unsubscribe
          link.
        </p>
      )}
      <EmailAddress client={client} email={settings.email} disabled={off} took={took} />
      <EmailDigest client={client} email={settings.email} disabled={off} took={took} />
    </section>
  );
}
