import type { UserResponse } from "@parley/protocol";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { channelPath } from "../../chat/channel-route";
import { useChatClient } from "../../chat/client-context";
import { openDirectChannel } from "../../chat/create-channel";
import { Dialog } from "../ui/dialog";
import { UserPicker } from "./user-picker";

/** New direct message: pick one or more people; the same people always get the same conversation. */
export function NewDmDialog({ onClose }: { onClose: () => void }) {
  const client = useChatClient();
  const navigate = useNavigate();
  const [people, setPeople] = useState<UserResponse[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (people.length === 0) {
      setError("Pick at least one person.");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const channel = await openDirectChannel(
        client,
        people.map((p) => p.id),
      );
      onClose();
      navigate(channelPath(channel.cid));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setBusy(false);
    }
  };

  return (
    <Dialog title="New message" onClose={onClose}>
      <form className="dialog-form" onSubmit={submit} noValidate>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <UserPicker selected={people} onChange={setPeople} label="To" />
        <div className="dialog__actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? "Opening…" : "Open conversation"}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
