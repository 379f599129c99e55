import type { ChatClient } from "@parley/client";
import type { MessageResponse } from "@parley/protocol";
import { useState } from "react";
import { Dialog } from "../components/ui/dialog";
import { errorText } from "../polls/use-action";

interface Props {
  client: ChatClient;
  message: MessageResponse;
  onClose: () => void;
  onDone: (notice: string) => void;
}

/** A moderator deletes someone else's message (through the channel when held, so its state follows). */
export function DeleteDialog({ client, message, onClose, onDone }: Props) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      const channel = client.activeChannels.get(message.cid);
      if (channel) await channel.deleteMessage(message.id);
      else await client.moderation.deleteMessage(message.id);
      onDone("Message deleted.");
    } catch (caught) {
      setBusy(false);
      setError(errorText(caught, "Could not delete the message"));
    }
  };
  return (
    <Dialog title="Delete this message?" onClose={onClose}>
      <p>{message.user.name}’s message will be removed for everyone. This cannot be undone.</p>
      {error && (
        <p className="input-field__alert" role="alert">
          {error}
        </p>
      )}
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onClose} autoFocus>
          Cancel
        </button>
        <button
          type="button"
          className="button moderation-danger"
          disabled={busy}
          aria-busy={busy || undefined}
          onClick={() => void confirm()}
        >
          Delete
        </button>
      </div>
    </Dialog>
  );
}
