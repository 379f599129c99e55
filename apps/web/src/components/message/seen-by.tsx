import type { LocalMessage } from "@parley/client";
import { readersAtOrAfter, readPositions, showsInlineReceipts } from "@parley/client";
import { useMemo, useState } from "react";
import { useChannelUi } from "../../chat/channel-ui";
import { useClientState } from "../../chat/client-context";
import { useChannelState } from "../../chat/use-snapshot";
import { Avatar } from "../avatar";
import { SeenByDialog } from "./seen-by-dialog";
import "../../styles/seen-by.css";

const SHOWN_AVATARS = 5;

/**
 * Read receipts under a message: in DMs and small channels the avatars of the members whose read
 * position is this message (not the reader themself, nor its author); in larger channels a
 * "Seen by N" button under the newest message someone has read, opening the list of its readers.
 * The server sends nobody's position who does not share it, so nothing here needs to hide one.
 */
export function SeenBy({ message }: { message: LocalMessage }) {
  const ui = useChannelUi();
  const state = useChannelState(ui.channel);
  const { userID } = useClientState();
  const [open, setOpen] = useState(false);
  const positions = useMemo(() => readPositions(state, userID), [state, userID]);
  const inline = showsInlineReceipts(state);
  const frontier = useMemo(() => {
    if (inline) return undefined;
    for (let i = state.messages.length - 1; i >= 0; i--) {
      const id = state.messages[i]!.id;
      if (positions.has(id)) return id;
    }
    return undefined;
  }, [inline, positions, state.messages]);
  if (message.status !== "received") return null;

  if (!inline) {
    if (frontier !== message.id) return null;
    const count = readersAtOrAfter(state, message.id, userID);
    if (count === 0) return null;
    return (
      <>
        <button
          type="button"
          className="seen-by seen-by__button"
          data-testid="seen-by-button"
          onClick={() => setOpen(true)}
        >
          Seen by {count}
        </button>
        {open && <SeenByDialog messageId={message.id} onClose={() => setOpen(false)} />}
      </>
    );
  }

  const readers = (positions.get(message.id) ?? [])
    .filter((id) => id !== message.user.id)
    .map((id) => state.members[id]?.user)
    .filter((u) => u !== undefined)
    .sort((a, b) => a.name.localeCompare(b.name));
  if (readers.length === 0) return null;
  const label = `Seen by ${readers.map((u) => u.name).join(", ")}`;
  const extra = readers.length - SHOWN_AVATARS;
  return (
    <div className="seen-by" role="img" aria-label={label} title={label} data-testid="seen-by">
      {readers.slice(0, SHOWN_AVATARS).map((u) => (
        <Avatar key={u.id} name={u.name} image={u.image} colourKey={u.id} size="xs" />
      ))}
      {extra > 0 && (
        <span className="seen-by__more" aria-hidden="true">
          +{extra}
        </span>
      )}
    </div>
  );
}
