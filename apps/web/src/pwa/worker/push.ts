/// <reference lib="webworker" />
import { notificationContent, readNotificationData, readPushPayload } from "./push-content";

const ICON = "/icons/icon-192.png";
const BADGE = "/icons/badge-96.png";

/** `renotify` is standard but missing from TypeScript's NotificationOptions. */
type ShowOptions = NotificationOptions & { renotify?: boolean };

/**
 * Shows the notification for a push, always (Chrome subscribes with userVisibleOnly): a message
 * replaces the one shown under its tag and counts them; an unreadable payload shows a generic one.
 */
export async function showPush(
  registration: ServiceWorkerRegistration,
  text: string | undefined,
): Promise<void> {
  const payload = readPushPayload(text);
  const tag = payload?.tag;
  const shown = tag ? (await registration.getNotifications({ tag }))[0] : undefined;
  const content = notificationContent(payload, readNotificationData(shown?.data));
  const options: ShowOptions = {
    body: content.body,
    tag: content.tag,
    icon: ICON,
    badge: BADGE,
    data: content.data,
    renotify: content.renotify,
  };
  await registration.showNotification(content.title, options);
}
