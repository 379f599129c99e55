import "./pwa.css";
import { OfflineBanner } from "./offline-banner";
import { UpdatePrompt } from "./update-prompt";

/** What every page shows about the app itself: no network, or a new version waiting. */
export function PwaStatus() {
  return (
    <>
      <OfflineBanner />
      <UpdatePrompt />
    </>
  );
}
