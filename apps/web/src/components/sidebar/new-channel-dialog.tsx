import type { UserResponse } from "@parley/protocol";
import { type FormEvent, useId, useState } from "react";
import { useNavigate } from "react-router";
import { channelPath } from "../../chat/channel-route";
import { useChatClient } from "../../chat/client-context";
import { createChannel } from "../../chat/create-channel";
import { Dialog } from "../ui/dialog";
import { UserPicker } from "./user-picker";

/** New channel: a name, who can join (members only or the whole team) and the first members. */
export function NewChannelDialog({ onClose }: { onClose: () => void }) {
  const client = useChatClient();
  const navigate = useNavigate();
  const [name, setName] = useState("");
  const [type, setType] = useState<"messaging" | "team">("messaging");
  const [members, setMembers] = useState<UserResponse[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const nameId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError("Give the channel a name.");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const channel = await createChannel(client, { name, type, members: members.map((m) => m.id) });
      onClose();
      navigate(channelPath(channel.cid));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setBusy(false);
    }
  };

  return (
    <Dialog title="New channel" onClose={onClose}>
      <form className="dialog-form" onSubmit={submit} noValidate>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <div className="field">
          <label className="field__label" htmlFor={nameId}>
            Name
          </label>
          <input
            id={nameId}
            className="field__input"
            value={name}
            maxLength={128}
            onChange={(e) => setName(e.target.value)}
            placeholder="e.g. design-review"
            autoFocus
          />
        </div>
        <fieldset className="radio-group">
          <legend className="field__label">Who can join</legend>
          <label className="radio">
            <input
              type="radio"
              name="type"
              checked={type === "messaging"}
              onChange={() => setType("messaging")}
            />
            <span>
              Members only <span className="muted">— people you add</span>
            </span>
          </label>
          <label className="radio">
            <input type="radio" name="type" checked={type === "team"} onChange={() => setType("team")} />
            <span>
              Team <span className="muted">— anyone signed in can find, read and join</span>
            </span>
          </label>
        </fieldset>
        <UserPicker selected={members} onChange={setMembers} label="Members" />
        <div className="dialog__actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? "Creating…" : "Create channel"}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
