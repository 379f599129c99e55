import { ChatApiError, type ChatClient } from "@parley/client";
import type { MessageResponse } from "@parley/protocol";
import { useState } from "react";
import { Dialog } from "../components/ui/dialog";
import { errorText } from "../polls/use-action";

const REASONS = ["Spam", "Harassment", "Inappropriate content", "Other"] as const;
const REASON_MAX = 500;

interface Props {
  client: ChatClient;
  message: MessageResponse;
  onClose: () => void;
  onDone: (notice: string) => void;
}

/** Flag a message for the moderators, with a reason. */
export function FlagDialog({ client, message, onClose, onDone }: Props) {
  const [kind, setKind] = useState<(typeof REASONS)[number]>("Spam");
  const [details, setDetails] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    setBusy(true);
    setError(null);
    const reason = [kind, details.trim()].filter(Boolean).join(": ").slice(0, REASON_MAX);
    try {
      await client.moderation.flagMessage(message.id, reason);
      onDone("Message flagged. Moderators will review it.");
    } catch (caught) {
      setBusy(false);
      setError(
        caught instanceof ChatApiError && caught.status === 409
          ? "You have already flagged this message."
          : errorText(caught, "Could not flag the message"),
      );
    }
  };
  return (
    <Dialog title="Flag message" onClose={onClose}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <blockquote className="moderation-quote">
          <span className="moderation-quote__author">{message.user.name}</span>
          <span className="moderation-quote__text">{message.text || "(no text)"}</span>
        </blockquote>
        <fieldset className="moderation-reasons">
          <legend className="input-field__label">Why are you flagging it?</legend>
          {REASONS.map((r) => (
            <label key={r} className="moderation-reasons__option">
              <input type="radio" name="reason" value={r} checked={kind === r} onChange={() => setKind(r)} />
              {r}
            </label>
          ))}
        </fieldset>
        <div className="input-field">
          <label className="input-field__label" htmlFor="flag-details">
            Details <span className="input-field__hint">(optional)</span>
          </label>
          <textarea
            id="flag-details"
            className="input-field__input"
            rows={3}
            maxLength={REASON_MAX - kind.length - 2}
            value={details}
            onChange={(event) => setDetails(event.target.value)}
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
            Flag message
          </button>
        </div>
      </form>
    </Dialog>
  );
}
