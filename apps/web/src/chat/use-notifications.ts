/**
 * Browser notifications for direct messages and mentions while the tab is hidden (with the user's
 * permission; muted channels stay quiet). Clicking one focuses the tab and opens the message.
 */
import type { MessageResponse } from "@parley/protocol";
import { useEffect } from "react";
import { useNavigate } from "react-router";
import { channelDisplay } from "./channel-display";
import { messagePath } from "./channel-route";
import { useChatClient } from "./client-context";
import { notificationBody, shouldNotify } from "./notifications";

export function notificationsSupported(): boolean {
  return typeof window !== "undefined" && "Notification" in window;
}

/** Asks for permission once, on a user gesture (the browser requires one). */
export function requestNotificationPermission(): void {
  if (notificationsSupported() && Notification.permission === "default") {
    Notification.requestPermission().catch(() => {});
  }
}

export function useNotifications(): void {
  const client = useChatClient();
  const navigate = useNavigate();
  useEffect(() => {
    if (!notificationsSupported()) return;
    const seen = new Set<string>();
    const onMessage = (cid: string, message: MessageResponse) => {
      if (seen.has(message.id) || Notification.permission !== "granted") return;
      const channel = client.activeChannels.get(cid);
      const state = channel?.state;
      const notify = shouldNotify(message, {
        userId: client.userID,
        hidden: document.hidden,
        muted: state?.membership?.muted ?? false,
        direct: state?.channel?.is_direct ?? false,
        mutedUsers: client.user?.mutes ?? [],
      });
      if (!notify) return;
      seen.add(message.id);
      const title = state ? channelDisplay(state, client.userID, cid).name : message.user.name;
      const n = new Notification(
        state?.channel?.is_direct ? message.user.name : `${message.user.name} in ${title}`,
        {
          body: notificationBody(message),
          tag: message.id,
        },
      );
      n.onclick = () => {
        window.focus();
        navigate(messagePath({ ...message, cid }));
        n.close();
      };
    };
    const a = client.on("message.new", (e) => onMessage(e.cid, e.message));
    const b = client.on("notification.message_new", (e) => onMessage(e.cid, e.message));
    return () => {
      a.unsubscribe();
      b.unsubscribe();
    };
  }, [client, navigate]);
}
