import type { MessageReader } from "@parley/protocol";
import { useCallback, useEffect, useState } from "react";
import { useChatClient } from "../../chat/client-context";
import { fullDate } from "../../chat/relative-time";
import { Avatar } from "../avatar";
import { Dialog } from "../ui/dialog";

const PAGE = 50;

/** Who has read a message (`GET /chat/messages/{id}/readers`), page by page. */
export function SeenByDialog({ messageId, onClose }: { messageId: string; onClose: () => void }) {
  const client = useChatClient();
  const [readers, setReaders] = useState<MessageReader[]>([]);
  const [count, setCount] = useState<number | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(
    async (after?: string) => {
      setLoading(true);
      setError(null);
      try {
        const page = await client.receipts.readers(messageId, { limit: PAGE, ...(after ? { after } : {}) });
        setReaders((held) => (after ? [...held, ...page.readers] : page.readers));
        setCount(page.count);
        setNext(page.next);
      } catch (e) {
        setError(e instanceof Error ? e.message : String(e));
      } finally {
        setLoading(false);
      }
    },
    [client, messageId],
  );
  useEffect(() => {
    void load();
  }, [load]);
  const title = count === null ? "Seen by" : `Seen by ${count} ${count === 1 ? "person" : "people"}`;
  return (
    <Dialog title={title} onClose={onClose}>
      {error && (
        <p role="alert">
          Could not load who has read this: {error}{" "}
          <button type="button" className="link-button" onClick={() => void load()}>
            Retry
          </button>
        </p>
      )}
      {count === 0 && !loading && <p className="muted">Nobody else has read this yet.</p>}
      <ul className="seen-by-list" data-testid="seen-by-list" aria-busy={loading}>
        {readers.map((r) => (
          <li key={r.user.id} className="seen-by-list__item">
            <Avatar name={r.user.name} image={r.user.image} colourKey={r.user.id} size="sm" />
            <span className="seen-by-list__name">{r.user.name}</span>
            {r.last_read && (
              <time className="seen-by-list__time muted" dateTime={r.last_read}>
                {fullDate(r.last_read)}
              </time>
            )}
          </li>
        ))}
      </ul>
      {loading && <p aria-live="polite">Loading…</p>}
      {next && !loading && (
        <button type="button" className="button" onClick={() => void load(next)}>
          Show more
        </button>
      )}
    </Dialog>
  );
}
