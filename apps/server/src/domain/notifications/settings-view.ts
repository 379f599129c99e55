import {
  EMAIL_DELAY_MINUTES,
  type NotificationSettings,
  type NotifyLevel,
  type OwnNotify,
} from "@parley/protocol";
import type { NotificationSettingsRow } from "../../store/store.js";

export const DEFAULT_LEVEL: NotifyLevel = "mentions";

/** What every client needs of a user's settings (`/me`, `connection.ok`), the defaults without a row. */
export function ownNotify(row: NotificationSettingsRow | undefined): OwnNotify {
  return { default_level: row?.default_level ?? DEFAULT_LEVEL, dnd_until: row?.dnd_until ?? null };
}

export function toNotificationSettings(
  row: NotificationSettingsRow | undefined,
  available: { email: boolean; push: boolean },
): NotificationSettings {
  return {
    ...ownNotify(row),
    push_available: available.push,
    email: {
      address: row?.email ?? null,
      verified: row?.email_verified ?? false,
      digest: row?.email_digest ?? true,
      delay_minutes: row?.email_delay_minutes ?? EMAIL_DELAY_MINUTES.default,
    },
    email_available: available.email,
  };
}
