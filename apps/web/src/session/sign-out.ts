import { clearPendingUploads } from "../chat/use-uploads";
import { leaveThisBrowser } from "../settings/push-browser";
import { accounts } from "./accounts";
import { disconnectSession } from "./connect";
import { clearSession, readUserToken } from "./storage";

/**
 * Log out (spec §4): disconnect, clear sessionStorage and localStorage, and ask the server to
 * revoke the product session. The revocation is best effort and does not delay the UI.
 */
export function signOut(): void {
  const userToken = readUserToken();
  leaveThisBrowser();
  disconnectSession();
  clearPendingUploads();
  clearSession();
  if (!userToken) return;
  accounts.signOut(userToken, { keepalive: true }).catch(() => {
    // Offline: the local session is gone anyway and the server token expires on its own.
  });
}
