import type { ChatClient } from "@parley/client";
import type { PushSubscriptionResponse } from "@parley/protocol";
import { useCallback, useEffect, useState } from "react";
import { serviceWorkerRegistration } from "../pwa/service-worker";
import {
  browserSubscription,
  forgetThisDevice,
  ignoreGone,
  PushSubscribeError,
  pushSupported,
  registerThisDevice,
  thisDeviceId,
  unregisterThisDevice,
} from "./push-browser";
import { errorText } from "./save-state";

/**
 * This device's push: `unsupported` (no service worker or Push API), `unavailable` (the server
 * sends none), `blocked` (the user denied notifications to the site), `off`, `on`.
 */
export type PushStatus = "loading" | "unsupported" | "unavailable" | "blocked" | "off" | "on";

export interface PushDevice {
  status: PushStatus;
  busy: boolean;
  /** What the last action could not do; `subscribe` when the browser refused a subscription. */
  error: { kind: "subscribe" | "other"; message: string } | null;
  thisDevice: string | null;
  /** The user's devices, null while loading. */
  devices: PushSubscriptionResponse[] | null;
  devicesError: string | null;
  enable(): void;
  disable(): void;
  remove(id: string): void;
  reload(): void;
}

async function initialStatus(
  userId: string,
  devices: readonly PushSubscriptionResponse[],
): Promise<{ status: PushStatus; device: string | null }> {
  if (!pushSupported() || !(await serviceWorkerRegistration()))
    return { status: "unsupported", device: null };
  if (Notification.permission === "denied") return { status: "blocked", device: null };
  const id = thisDeviceId(userId);
  const listed = id !== null && devices.some((d) => d.id === id);
  if (id && !listed) forgetThisDevice(userId);
  const subscribed = (await browserSubscription()) !== null;
  return listed && subscribed && Notification.permission === "granted"
    ? { status: "on", device: id }
    : { status: "off", device: null };
}

export function usePushDevice(client: ChatClient, userId: string, pushAvailable: boolean): PushDevice {
  const [status, setStatus] = useState<PushStatus>("loading");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<PushDevice["error"]>(null);
  const [thisDevice, setThisDevice] = useState<string | null>(null);
  const [devices, setDevices] = useState<PushSubscriptionResponse[] | null>(null);
  const [devicesError, setDevicesError] = useState<string | null>(null);

  const reload = useCallback(async () => {
    setDevicesError(null);
    try {
      const list = await client.notifications.devices();
      setDevices(list);
      if (!pushAvailable) return setStatus("unavailable");
      const found = await initialStatus(userId, list);
      setStatus(found.status);
      setThisDevice(found.device);
    } catch (e) {
      setDevicesError(errorText(e));
      if (!pushAvailable) setStatus("unavailable");
    }
  }, [client, userId, pushAvailable]);
  useEffect(() => void reload(), [reload]);

  const act = (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    action()
      .catch((e: unknown) =>
        setError({ kind: e instanceof PushSubscribeError ? "subscribe" : "other", message: errorText(e) }),
      )
      .finally(() => {
        setBusy(false);
        void reload();
      });
  };
  const enable = () =>
    act(async () => {
      // Asked on the click: browsers allow the prompt only on a user gesture.
      const permission =
        Notification.permission === "default"
          ? await Notification.requestPermission()
          : Notification.permission;
      if (permission !== "granted") return;
      await registerThisDevice(client, userId);
    });
  const disable = () => act(() => unregisterThisDevice(client, userId));
  const remove = (id: string) =>
    act(() =>
      id === thisDevice
        ? unregisterThisDevice(client, userId)
        : client.notifications.removeDevice(id).catch(ignoreGone),
    );
  return {
    status,
    busy,
    error,
    thisDevice,
    devices,
    devicesError,
    enable,
    disable,
    remove,
    reload: () => void reload(),
  };
}
