import type { PrivacySettings } from "@parley/protocol";
import { useCallback, useEffect, useId, useState } from "react";
import { useChatClient } from "../../chat/client-context";
import { LoadError } from "../load-error";
import { errorText, SaveStatus, useSaveState } from "../save-state";

/** /settings/account: whether others see how far the user has read (read receipts). */
export function PrivacySection() {
  const client = useChatClient();
  const save = useSaveState();
  const checkId = useId();
  const [privacy, setPrivacy] = useState<PrivacySettings | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const load = useCallback(() => {
    setLoadError(null);
    client.receipts.privacy().then(setPrivacy, (e: unknown) => setLoadError(errorText(e)));
  }, [client]);
  useEffect(load, [load]);
  // The box follows the click at once; a failed save puts it back and says why.
  const change = async (share: boolean) => {
    const before = privacy;
    setPrivacy({ share_read_receipts: share });
    const answer = await save.run(() => client.receipts.setSharing(share));
    setPrivacy(answer ?? before);
  };
  return (
    <section className="settings-section" aria-labelledby="settings-privacy" data-testid="privacy-section">
      <h2 id="settings-privacy" className="settings-section__title">
        Privacy
      </h2>
      {loadError !== null && <LoadError what="your privacy settings" error={loadError} onRetry={load} />}
      {!privacy && loadError === null && <p aria-busy="true">Loading…</p>}
      {privacy && (
        <>
          <div className="settings-check">
            <input
              id={checkId}
              type="checkbox"
              className="settings-checkbox"
              checked={privacy.share_read_receipts}
              onChange={(event) => void change(event.target.checked)}
            />
            <label htmlFor={checkId}>Share read receipts</label>
          </div>
          <p className="settings-section__hint">
            When on, people in your conversations see how far you have read. When off, nobody else learns it,
            and the server never sends it to them.
          </p>
          <SaveStatus state={save} />
        </>
      )}
    </section>
  );
}
