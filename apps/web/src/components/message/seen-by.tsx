import type { LocalMessage } from "@parley/client";
import { messageReceipts } from "@parley/client";
import { useState } from "react";
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
  if (message.status !== "received") return null;
  const receipts = messageReceipts(state, message, userID);
  if (receipts.kind === "none") return null;

  if (receipts.kind === "count") {
    return (
      <>
        <button
          type="button"
          className="seen-by seen-by__button"
          data-testid="seen-by-button"
          onClick={() => setOpen(true)}
        >
          Seen by {receipts.count}
        </button>
        {open && <SeenByDialog messageId={message.id} onClose={() => setOpen(false)} />}
      </>
    );
  }

  const { readers } = receipts;
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
