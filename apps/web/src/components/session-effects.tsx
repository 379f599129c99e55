import { useClientState } from "../chat/client-context";
import { useFatalConnectionErrors } from "../chat/use-fatal-connection";
import { useNotifications } from "../chat/use-notifications";

/**
 * What the signed-in area does besides its screens: the "Reconnecting…" banner while the socket
 * is down, browser notifications, and signing out when the server refuses the token for good.
 */
export function SessionEffects() {
  useFatalConnectionErrors();
  useNotifications();
  const { online, userID } = useClientState();
  const down = userID !== undefined && !online;
  return (
    <div className="connection-banner-region" role="status" aria-live="polite">
      {down && (
        <div className="connection-banner" data-testid="connection-banner">
          <span className="connection-banner__dot" aria-hidden="true" />
          Reconnecting…
        </div>
      )}
    </div>
  );
}
