import { useEffect } from "react";
import { useChatClient } from "./client-context";
import { pageAttended } from "./notifications";

/**
 * Tells the server whether this tab is in front of the user (visible and focused), now and on
 * every change: a user with such a tab gets no Web Push (`client.setFocused`).
 */
export function useFocusReport(): void {
  const client = useChatClient();
  useEffect(() => {
    const report = () => client.setFocused(pageAttended());
    report();
    document.addEventListener("visibilitychange", report);
    window.addEventListener("focus", report);
    window.addEventListener("blur", report);
    return () => {
      document.removeEventListener("visibilitychange", report);
      window.removeEventListener("focus", report);
      window.removeEventListener("blur", report);
    };
  }, [client]);
}
