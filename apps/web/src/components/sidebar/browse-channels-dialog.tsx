import { useId, useState } from "react";
import { Link } from "react-router";
import { channelPath } from "../../chat/channel-route";
import { useChatClient } from "../../chat/client-context";
import { useJoinableChannels } from "../../chat/use-debounced-search";
import { Avatar } from "../avatar";
import { Dialog } from "../ui/dialog";

/** Channels the user is not in but may join (team channels): find one by name and open it. */
export function BrowseChannelsDialog({ onClose }: { onClose: () => void }) {
  const client = useChatClient();
  const [q, setQ] = useState("");
  const id = useId();
  const { items: channels, loading, error } = useJoinableChannels(client, q);
  return (
    <Dialog title="Browse channels" onClose={onClose}>
      <div className="dialog-form">
        <label className="field__label" htmlFor={id}>
          Find a channel
        </label>
        <input
          id={id}
          className="field__input"
          type="search"
          placeholder="Channel name"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          autoComplete="off"
        />
        <div className="user-picker__results" aria-live="polite" aria-busy={loading}>
          {error && <p className="field__error">{error}</p>}
          {!loading && !error && channels.length === 0 && (
            <p className="muted">
              {q.trim() ? "No channel to join by that name." : "No channels to join: you are in all of them."}
            </p>
          )}
          <ul className="user-picker__list">
            {channels.map((c) => (
              <li key={c.cid}>
                <Link className="user-option" to={channelPath(c.cid)} onClick={onClose}>
                  <Avatar name={c.name || c.id} image={c.image} colourKey={c.cid} size="sm" />
                  <span className="user-option__name">#{c.name || c.id}</span>
                  <span className="user-option__id">
                    {c.member_count} {c.member_count === 1 ? "member" : "members"}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
        <div className="dialog__actions">
          <button type="button" className="button" onClick={onClose}>
            Close
          </button>
        </div>
      </div>
    </Dialog>
  );
}
