/**
 * This browser's side of Web Push: support, the subscription with the server's VAPID key, and
 * which of the user's devices (the server's push subscriptions) this browser is.
 */
import { ChatApiError, type ChatClient } from "@parley/client";
import type { PushSubscriptionBody } from "@parley/protocol";
import { serviceWorkerRegistration } from "../pwa/service-worker";

/** Why this browser has no push subscription: shown as "This browser could not subscribe to push". */
export class PushSubscribeError extends Error {}

export function pushSupported(): boolean {
  return (
    typeof window !== "undefined" &&
    "serviceWorker" in navigator &&
    "PushManager" in window &&
    "Notification" in window
  );
}

/** The bytes of a base64url string (the VAPID key), as `applicationServerKey` takes them. */
export function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(text.length / 4) * 4, "=");
  const raw = atob(base64);
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

function sameBytes(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.length) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
}

/** The browser's current subscription, or null (none, or no service worker). */
export async function browserSubscription(): Promise<PushSubscription | null> {
  const registration = await serviceWorkerRegistration();
  return registration ? registration.pushManager.getSubscription() : null;
}

/** What the server takes of a subscription (`PushSubscription.toJSON()`). */
export function subscriptionBody(subscription: PushSubscription): PushSubscriptionBody {
  const json = subscription.toJSON();
  const p256dh = json.keys?.p256dh;
  const auth = json.keys?.auth;
  if (!json.endpoint || !p256dh || !auth) throw new PushSubscribeError("the subscription has no keys");
  return { endpoint: json.endpoint, expirationTime: json.expirationTime ?? null, keys: { p256dh, auth } };
}

/** This browser's subscription for the server's key: the one it has, or a new one. */
async function subscribe(client: ChatClient): Promise<PushSubscription> {
  const registration = await serviceWorkerRegistration();
  if (!registration) throw new PushSubscribeError("no service worker is running for this page");
  const key = base64UrlBytes(await client.notifications.vapidKey());
  const current = await registration.pushManager.getSubscription();
  if (current && sameBytes(current.options.applicationServerKey, key)) return current;
  // A subscription for another key (the server's keys changed) must go before a new one.
  await current?.unsubscribe();
  try {
    return await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  } catch (error) {
    throw new PushSubscribeError(error instanceof Error ? error.message : String(error));
  }
}

const deviceKey = (userId: string) => `parley:push-device:${userId}`;

/** The id of the device this browser registered for `userId`, or null. */
export function thisDeviceId(userId: string): string | null {
  try {
    return localStorage.getItem(deviceKey(userId));
  } catch {
    return null;
  }
}

function rememberDevice(userId: string, id: string | null): void {
  try {
    if (id) localStorage.setItem(deviceKey(userId), id);
    else localStorage.removeItem(deviceKey(userId));
  } catch {
    // Without storage this browser is not told apart from the user's other devices.
  }
}

/** Subscribes this browser and registers it as one of the user's devices; answers its id. */
export async function registerThisDevice(client: ChatClient, userId: string): Promise<string> {
  const subscription = await subscribe(client);
  const device = await client.notifications.addDevice(subscriptionBody(subscription));
  const before = thisDeviceId(userId);
  rememberDevice(userId, device.id);
  if (before && before !== device.id) await client.notifications.removeDevice(before).catch(() => undefined);
  return device.id;
}

/** Unsubscribes this browser and removes its device. */
export async function unregisterThisDevice(client: ChatClient, userId: string): Promise<void> {
  const subscription = await browserSubscription();
  await subscription?.unsubscribe();
  const id = thisDeviceId(userId);
  rememberDevice(userId, null);
  if (id) await client.notifications.removeDevice(id).catch(ignoreGone);
}

/**
 * Signing out: this browser stops receiving push for the user. Unsubscribing needs no token; the
 * server drops the device when its push service next answers that it is gone (410).
 */
export function leaveThisBrowser(): void {
  void browserSubscription()
    .then((subscription) => subscription?.unsubscribe())
    .catch(() => undefined);
}

/** A device already removed (from another device) is as good as removed. */
export function ignoreGone(error: unknown): void {
  if (!(error instanceof ChatApiError && error.status === 404)) throw error;
}

/** Forgets this browser's device id (the device was removed elsewhere). */
export function forgetThisDevice(userId: string): void {
  rememberDevice(userId, null);
}
