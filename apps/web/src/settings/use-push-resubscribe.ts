import { useEffect } from "react";
import { useChatClient, useClientState } from "../chat/client-context";
import { isMessage, PUSH_SUBSCRIPTION_CHANGE, type PushSubscriptionChangeMessage } from "../pwa/messages";
import { pushSupported, registerThisDevice, thisDeviceId } from "./push-browser";

/**
 * When the browser replaced or dropped this device's push subscription (the service worker says
 * so), registers the current one again, if the user had enabled push here.
 */
export function usePushResubscribe(): void {
  const client = useChatClient();
  const { userID } = useClientState();
  useEffect(() => {
    if (!userID || !pushSupported()) return;
    const onMessage = (event: MessageEvent) => {
      if (!isMessage<PushSubscriptionChangeMessage>(event.data, PUSH_SUBSCRIPTION_CHANGE)) return;
      if (!thisDeviceId(userID) || Notification.permission !== "granted") return;
      registerThisDevice(client, userID).catch((error: unknown) => {
        console.warn("Parley: this device's push subscription could not be renewed.", error);
      });
    };
    navigator.serviceWorker.addEventListener("message", onMessage);
    return () => navigator.serviceWorker.removeEventListener("message", onMessage);
  }, [client, userID]);
}
