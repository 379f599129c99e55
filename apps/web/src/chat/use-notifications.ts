/**
 * Browser notifications of an open tab, while it is not in front of the user (hidden or not
 * focused) and with the user's permission. What notifies is the SDK's rule, the one Web Push and
 * email use: levels, mutes (and their end), Do Not Disturb and muted users all apply. A
 * notification shares its channel's tag with the push the service worker shows, so the two
 * replace each other. Clicking one focuses the tab and opens the message.
 */
import type { MessageResponse } from "@parley/protocol";
import { messagePath } from "@parley/protocol";
import { useEffect } from "react";
import { useNavigate } from "react-router";
import { channelDisplay } from "./channel-display";
import { useChatClient } from "./client-context";
import { notificationBody, notificationTitle, pageAttended } from "./notifications";

export function notificationsSupported(): boolean {
  return typeof window !== "undefined" && "Notification" in window;
}

/** Asks for permission once, on a user gesture (the browser requires one). */
export function requestNotificationPermission(): void {
  if (notificationsSupported() && Notification.permission === "default") {
    Notification.requestPermission().catch(() => {});
  }
}

/** How long a notification waits for a channel first heard of by it to load (its level and mute). */
const LOAD_WAIT_MS = 15_000;

export function useNotifications(): void {
  const client = useChatClient();
  const navigate = useNavigate();
  useEffect(() => {
    if (!notificationsSupported()) return;
    const seen = new Set<string>();
    const waiting = new Set<() => void>();
    const show = (cid: string, message: MessageResponse) => {
      if (seen.has(message.id) || Notification.permission !== "granted" || pageAttended()) return;
      if (client.notifyReason(cid, message) === null) return;
      seen.add(message.id);
      const state = client.activeChannels.get(cid)?.state;
      const direct = state?.channel?.is_direct ?? false;
      const name = state ? channelDisplay(state, client.userID, cid).name : cid;
      const nameOf = (id: string) => state?.members[id]?.user.name;
      const n = new Notification(notificationTitle(message.user.name, name, direct), {
        body: notificationBody(message, nameOf),
        tag: cid,
      });
      n.onclick = () => {
        window.focus();
        navigate(messagePath({ ...message, cid }));
        n.close();
      };
    };
    // A channel the client did not hold is being loaded: its level and mute are known then.
    const onMessage = (cid: string, message: MessageResponse) => {
      const channel = client.activeChannels.get(cid);
      if (!channel || channel.state.initialized) return show(cid, message);
      const stop = () => {
        unsubscribe();
        clearTimeout(timer);
        waiting.delete(stop);
      };
      const unsubscribe = channel.subscribe(() => {
        if (!channel.state.initialized) return;
        stop();
        show(cid, message);
      });
      const timer = setTimeout(stop, LOAD_WAIT_MS);
      waiting.add(stop);
    };
    const a = client.on("message.new", (e) => onMessage(e.cid, e.message));
    const b = client.on("notification.message_new", (e) => onMessage(e.cid, e.message));
    return () => {
      a.unsubscribe();
      b.unsubscribe();
      for (const stop of [...waiting]) stop();
    };
  }, [client, navigate]);
}
