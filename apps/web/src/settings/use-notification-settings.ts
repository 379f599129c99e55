import type { ChatClient } from "@parley/client";
import type { NotificationSettings } from "@parley/protocol";
import { useCallback, useEffect, useState } from "react";
import { useClientState } from "../chat/client-context";
import { errorText } from "./save-state";

export interface SettingsModel {
  /** The settings, null while loading; the default level and DND follow `client.user.notify`. */
  settings: NotificationSettings | null;
  loadError: string | null;
  reload(): void;
  /** Takes an answer that carries the settings (email calls). */
  took(settings: NotificationSettings): void;
}

/** The user's notification settings, kept current by other tabs' changes (`notification.settings_updated`). */
export function useNotificationSettings(client: ChatClient): SettingsModel {
  const [settings, setSettings] = useState<NotificationSettings | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const reload = useCallback(() => {
    setLoadError(null);
    client.notifications.settings().then(setSettings, (e: unknown) => setLoadError(errorText(e)));
  }, [client]);
  useEffect(reload, [reload]);
  const notify = useClientState().user?.notify;
  const current = settings && notify ? { ...settings, ...notify } : settings;
  return { settings: current, loadError, reload, took: setSettings };
}
