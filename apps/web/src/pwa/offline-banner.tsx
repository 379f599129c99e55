import "../styles/connection-banner.css";
import { useOfflinePageShown, useOnline } from "./network-status";

/** "You're offline — reconnecting" over whatever page is open while the network is gone. */
export function OfflineBanner() {
  const online = useOnline();
  const pageShown = useOfflinePageShown();
  return (
    <div className="connection-banner-region" role="status">
      {!online && !pageShown && (
        <div className="connection-banner" data-testid="offline-banner">
          <span className="connection-banner__dot connection-banner__dot--offline" aria-hidden="true" />
          You're offline — reconnecting
        </div>
      )}
    </div>
  );
}
