import type { ChatClient } from "@parley/client";
import type { MessageResponse } from "@parley/protocol";
import { useState } from "react";
import { Dialog } from "../components/ui/dialog";
import { errorText } from "../polls/use-action";

/** Ban lengths in minutes; 0 means until lifted. */
export const BAN_DURATIONS = [
  { minutes: 60, label: "1 hour" },
  { minutes: 1440, label: "1 day" },
  { minutes: 10080, label: "1 week" },
  { minutes: 0, label: "Until lifted" },
] as const;

interface Props {
  client: ChatClient;
  message: MessageResponse;
  onClose: () => void;
  onDone: (notice: string) => void;
}

/** Ban a message's author from the whole app: their sockets close and they cannot sign in. */
export function BanDialog({ client, message, onClose, onDone }: Props) {
  const [reason, setReason] = useState("");
  const [minutes, setMinutes] = useState<number>(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const author = message.user;
  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      await client.moderation.banUser({
        target_user_id: author.id,
        ...(reason.trim() ? { reason: reason.trim() } : {}),
        ...(minutes > 0 ? { timeout: minutes } : {}),
      });
      onDone(`${author.name} is banned.`);
    } catch (caught) {
      setBusy(false);
      setError(errorText(caught, `Could not ban ${author.name}`));
    }
  };
  return (
    <Dialog title={`Ban ${author.name}?`} onClose={onClose}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <p>They are signed out everywhere and cannot sign in or post until the ban ends.</p>
        <div className="input-field">
          <label className="input-field__label" htmlFor="ban-duration">
            Duration
          </label>
          <select
            id="ban-duration"
            className="input-field__input"
            value={minutes}
            onChange={(event) => setMinutes(Number(event.target.value))}
          >
            {BAN_DURATIONS.map((d) => (
              <option key={d.minutes} value={d.minutes}>
                {d.label}
              </option>
            ))}
          </select>
        </div>
        <div className="input-field">
          <label className="input-field__label" htmlFor="ban-reason">
            Reason <span className="input-field__hint">(optional, shown to them)</span>
          </label>
          <input
            id="ban-reason"
            className="input-field__input"
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </div>
        {error && (
          <p className="input-field__alert" role="alert">
            {error}
          </p>
        )}
        <div className="dialog__actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button
            type="submit"
            className="button moderation-danger"
            disabled={busy}
            aria-busy={busy || undefined}
          >
            Ban {author.name}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
