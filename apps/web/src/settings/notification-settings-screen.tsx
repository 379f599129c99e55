import type { ChatClient } from "@parley/client";
import { Link } from "react-router";
import { DefaultLevelSection } from "./default-level-section";
import { DndSection } from "./dnd-section";
import { EmailSection } from "./email-section";
import { LoadError } from "./load-error";
import { PushSection } from "./push-section";
import { useNotificationSettings } from "./use-notification-settings";
import "../styles/app-shell.css";
import "../polls/forms.css";
import "../styles/subpage.css";
import "../styles/notification-settings.css";

/** /settings/notifications: the default level, Do Not Disturb, push on each device, email. */
export function NotificationSettingsScreen({ client, userId }: { client: ChatClient; userId: string }) {
  const model = useNotificationSettings(client);
  const { settings } = model;
  return (
    <div className="subpage">
      <title>Notification settings · Parley</title>
      <header className="subpage__header">
        <Link to="/chats" className="subpage__back">
          ← Chats
        </Link>
        <h1 className="subpage__title">Notification settings</h1>
      </header>
      <main id="main" className="subpage__main" aria-busy={!settings && !model.loadError}>
        {model.loadError && <LoadError what="your settings" error={model.loadError} onRetry={model.reload} />}
        {!settings && !model.loadError && <SettingsSkeleton />}
        {settings && (
          <>
            <DefaultLevelSection client={client} level={settings.default_level} />
            <DndSection client={client} dndUntil={settings.dnd_until} />
            <PushSection client={client} userId={userId} pushAvailable={settings.push_available} />
            <EmailSection client={client} settings={settings} took={model.took} />
          </>
        )}
      </main>
    </div>
  );
}

function SettingsSkeleton() {
  return (
    <div className="settings-skeleton" aria-hidden="true">
      <div className="settings-skeleton__block" />
      <div className="settings-skeleton__block" />
      <div className="settings-skeleton__block" />
    </div>
  );
}
