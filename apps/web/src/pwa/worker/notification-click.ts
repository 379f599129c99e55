/// <reference lib="webworker" />
import { appPath } from "../app-path";
import { NAVIGATE, type NavigateMessage } from "../messages";
import { readNotificationData } from "./push-content";
import { appWindows } from "./windows";

/** How long a window has to answer that its app took the navigation (a static page has no app). */
const ANSWER_MS = 3_000;

/**
 * A click on a notification: the most recent Parley window comes to the front and its app opens
 * the notification's place without reloading; a window without the app loads it; with no window
 * open, a new one opens there. Only paths of this origin are followed; anything else opens /chats.
 */
export async function openNotification(sw: ServiceWorkerGlobalScope, data: unknown): Promise<void> {
  const path = appPath(readNotificationData(data)?.url, sw.location.origin);
  const [client] = await appWindows(sw.clients);
  if (client) {
    // Focus is allowed only while the click's user activation lasts: ask first, talk after.
    await client.focus().catch(() => undefined);
    if (await askToNavigate(client, path)) return;
    const navigated = await client.navigate(path).catch(() => null);
    if (navigated) return;
  }
  await sw.clients.openWindow(path);
}

/** Whether the window's app answered that it navigated to `url` itself. */
function askToNavigate(client: WindowClient, url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => {
      channel.port1.close();
      resolve(false);
    }, ANSWER_MS);
    channel.port1.onmessage = () => {
      clearTimeout(timer);
      channel.port1.close();
      resolve(true);
    };
    const message: NavigateMessage = { type: NAVIGATE, url };
    client.postMessage(message, [channel.port2]);
  });
}
