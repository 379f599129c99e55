import { useClientState } from "../chat/client-context";
import { useFatalConnectionErrors } from "../chat/use-fatal-connection";
import { useNotifications } from "../chat/use-notifications";
import { useOnline } from "../pwa/network-status";
import { NotificationEffects } from "../settings/notification-effects";

/**
 * What the signed-in area does besides its screens: the "Reconnecting…" banner while the socket
 * is down, browser notifications (and the tab's focus, push renewal), and signing out when the server refuses the token for good.
 */
export function SessionEffects() {
  useFatalConnectionErrors();
  useNotifications();
  const { online, userID } = useClientState();
  // Without a network the offline banner (src/pwa) says it already.
  const networkUp = useOnline();
  const down = userID !== undefined && !online && networkUp;
  return (
    <>
      <NotificationEffects />
      <div className="connection-banner-region" role="status" aria-live="polite">
        {down && (
          <div className="connection-banner" data-testid="connection-banner">
            <span className="connection-banner__dot" aria-hidden="true" />
            Reconnecting…
          </div>
        )}
      </div>
    </>
  );
}
