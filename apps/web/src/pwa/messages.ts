/**
 * The messages the page and the service worker (worker/sw.ts) exchange with postMessage.
 *
 * - page → worker `{ type: "parley:skip-waiting" }`: the user asked for the waiting version.
 * - worker → page `{ type: "parley:navigate", url }`, with a MessagePort: open `url` in the app
 *   (a notification was clicked); the page answers on the port so the worker knows it was heard.
 * - worker → page `{ type: "parley:pushsubscriptionchange" }`: the browser replaced or dropped
 *   the push subscription; the app registers the current one again.
 */
export const SKIP_WAITING = "parley:skip-waiting";
export const NAVIGATE = "parley:navigate";
export const PUSH_SUBSCRIPTION_CHANGE = "parley:pushsubscriptionchange";

export interface SkipWaitingMessage {
  type: typeof SKIP_WAITING;
}

export interface NavigateMessage {
  type: typeof NAVIGATE;
  url: string;
}

export interface PushSubscriptionChangeMessage {
  type: typeof PUSH_SUBSCRIPTION_CHANGE;
}

export function isMessage<T extends { type: string }>(data: unknown, type: T["type"]): data is T {
  return typeof data === "object" && data !== null && (data as { type?: unknown }).type === type;
}
