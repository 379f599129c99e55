import { type Channel, type ChannelStateSnapshot, mentionNames } from "@parley/client";
import type { MessageResponse } from "@parley/protocol";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { messagePath } from "../../chat/channel-route";
import { useClientState } from "../../chat/client-context";
import { attempt } from "../../chat/notices";
import { canPin } from "../../chat/permissions";
import { fullDate } from "../../chat/relative-time";
import { Avatar } from "../avatar";
import { MessageText } from "../message/message-text";
import { Dialog } from "../ui/dialog";

/** The channel's pinned messages, most recently pinned first: jump to one, unpin where allowed. */
export function PinnedDialog({
  channel,
  state,
  onClose,
}: {
  channel: Channel;
  state: ChannelStateSnapshot;
  onClose: () => void;
}) {
  const { user } = useClientState();
  const [pinned, setPinned] = useState<MessageResponse[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    void version;
    let cancelled = false;
    channel.getPinnedMessages().then(
      (list) => !cancelled && setPinned(list),
      (e: unknown) => !cancelled && setError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      cancelled = true;
    };
  }, [channel, version]);
  return (
    <Dialog title="Pinned messages" onClose={onClose} wide>
      {error && <p role="alert">{error}</p>}
      {!pinned && !error && <p aria-busy="true">Loading…</p>}
      {pinned?.length === 0 && <p className="muted">Nothing is pinned yet. Pin a message from its menu.</p>}
      {pinned && pinned.length > 0 && (
        <ul className="pinned-list" data-testid="pinned-list">
          {pinned.map((m) => (
            <li key={m.id} className="pinned">
              <Avatar name={m.user.name} image={m.user.image} colourKey={m.user.id} size="sm" />
              <div className="pinned__body">
                <div className="pinned__meta">
                  <strong>{m.user.name}</strong> <time dateTime={m.created_at}>{fullDate(m.created_at)}</time>
                </div>
                <div className="pinned__text">
                  {m.text ? (
                    <MessageText
                      text={m.text}
                      mentions={m.mentioned_users}
                      userId={user?.id}
                      names={mentionNames(state, m.mentioned_users)}
                    />
                  ) : (
                    <p className="muted">(a file)</p>
                  )}
                </div>
                <Link className="pinned__jump" to={messagePath(m)} onClick={onClose}>
                  Jump to message
                </Link>
              </div>
              {canPin(m, state, user?.id) && (
                <button
                  type="button"
                  className="button button--small"
                  onClick={() =>
                    attempt("unpin the message", () =>
                      channel.unpinMessage(m.id).then(() => setVersion((v) => v + 1)),
                    )
                  }
                >
                  Unpin
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
