import type { MessageVersionResponse } from "@parley/protocol";
import { useEffect, useState } from "react";
import { useChatClient } from "../../chat/client-context";
import { fullDate } from "../../chat/relative-time";
import { Dialog } from "../ui/dialog";

/** Every version of a message's text, newest first (`POST /chat/messages/history`). */
export function EditHistoryDialog({ messageId, onClose }: { messageId: string; onClose: () => void }) {
  const client = useChatClient();
  const [versions, setVersions] = useState<MessageVersionResponse[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    client.getMessageHistory(messageId, -1).then(
      (list) => !cancelled && setVersions(list),
      (e: unknown) => !cancelled && setError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      cancelled = true;
    };
  }, [client, messageId]);
  return (
    <Dialog title="Edit history" onClose={onClose} wide>
      {error && <p role="alert">{error}</p>}
      {!versions && !error && <p aria-busy="true">Loading…</p>}
      {versions && (
        <ol className="history" data-testid="edit-history">
          {versions.map((v, i) => (
            <li key={v.version} className="history__item">
              <div className="history__meta">
                <strong>
                  {i === 0 ? "Current" : i === versions.length - 1 ? "Original" : `Version ${v.version}`}
                </strong>
                <time dateTime={v.created_at}>{fullDate(v.created_at)}</time>
              </div>
              <p className="history__text">{v.text}</p>
            </li>
          ))}
        </ol>
      )}
    </Dialog>
  );
}
