import type { MessageVersionResponse } from "@parley/protocol";
import { useEffect, useState } from "react";
import { useChatClient, useClientState } from "../../chat/client-context";
import { fullDate } from "../../chat/relative-time";
import { Dialog } from "../ui/dialog";
import { MessageText } from "./message-text";

interface EditHistoryDialogProps {
  messageId: string;
  /** The message's mentions and their names: earlier versions are rendered with them. */
  mentions: readonly string[];
  names: Readonly<Record<string, string>>;
  onClose: () => void;
}

/**
 * Every version of a message's text, newest first (`POST /chat/messages/history`), rendered as
 * the message list renders it; "View source" shows what was typed.
 */
export function EditHistoryDialog({ messageId, mentions, names, onClose }: EditHistoryDialogProps) {
  const client = useChatClient();
  const { userID } = useClientState();
  const [versions, setVersions] = useState<MessageVersionResponse[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [source, setSource] = useState(false);
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
        <>
          <button
            type="button"
            className="link-button history__toggle"
            aria-pressed={source}
            onClick={() => setSource((s) => !s)}
          >
            View source
          </button>
          <ol className="history" data-testid="edit-history">
            {versions.map((v, i) => (
              <li key={v.version} className="history__item">
                <div className="history__meta">
                  <strong>
                    {i === 0 ? "Current" : i === versions.length - 1 ? "Original" : `Version ${v.version}`}
                  </strong>
                  <time dateTime={v.created_at}>{fullDate(v.created_at)}</time>
                </div>
                {source ? (
                  <pre className="history__source">{v.text}</pre>
                ) : (
                  <div className="history__text">
                    <MessageText text={v.text} mentions={mentions} userId={userID} names={names} />
                  </div>
                )}
              </li>
            ))}
          </ol>
        </>
      )}
    </Dialog>
  );
}
