import { ChatApiError } from "@parley/client";
import { USER_STATUS_TEXT_MAX } from "@parley/protocol";
import { type FormEvent, useId, useRef, useState } from "react";
import { useChatClient, useClientState } from "../chat/client-context";
import { EmojiPopover } from "./message/emoji-popover";
import { TextField } from "./text-field";
import { Dialog } from "./ui/dialog";
import {
  localInputValue,
  STATUS_EXPIRY_LABELS,
  STATUS_PRESETS,
  type StatusExpiry,
  statusExpiresAt,
} from "./user-status-times";
import "./user-status.css";

/** Set (or clear) the own status: an emoji, a short text, and when it clears by itself. */
export function UserStatusDialog({ onClose }: { onClose: () => void }) {
  const client = useChatClient();
  const { user } = useClientState();
  const current = user?.status;
  const [emoji, setEmoji] = useState(current?.emoji ?? "");
  const [text, setText] = useState(current?.text ?? "");
  const [expiry, setExpiry] = useState<StatusExpiry>(current?.expires_at ? "custom" : "never");
  const [custom, setCustom] = useState(
    current?.expires_at ? localInputValue(new Date(current.expires_at)) : "",
  );
  const [picking, setPicking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const emojiButton = useRef<HTMLButtonElement>(null);
  const expiryId = useId();
  const length = [...text.trim()].length;

  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
      onClose();
    } catch (e) {
      setError(e instanceof ChatApiError ? e.message : "Could not save your status. Try again.");
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!emoji && !text.trim()) return setError("Pick an emoji or write a status, or clear it instead.");
    if (length > USER_STATUS_TEXT_MAX) return setError(`Keep it to ${USER_STATUS_TEXT_MAX} characters.`);
    const expires_at = statusExpiresAt(expiry, new Date(), custom);
    if (expires_at === undefined) return setError("Choose when the status clears.");
    void run(() => client.setStatus({ emoji, text: text.trim(), expires_at }));
  };

  return (
    <Dialog title="Set a status" onClose={onClose}>
      <form className="dialog-form" onSubmit={submit} noValidate>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <div className="status-dialog__row">
          <button
            ref={emojiButton}
            type="button"
            className="button status-dialog__emoji"
            aria-label={emoji ? `Emoji ${emoji}, change` : "Pick an emoji"}
            onClick={() => setPicking(true)}
          >
            <span aria-hidden="true">{emoji || "🙂"}</span>
          </button>
          <TextField
            name="statusText"
            label="Status"
            optional
            value={text}
            placeholder="What's your status?"
            maxLength={USER_STATUS_TEXT_MAX * 2}
            onChange={(e) => setText(e.target.value)}
            hint={`${length} / ${USER_STATUS_TEXT_MAX}`}
            autoFocus
          />
        </div>
        {picking && <EmojiPopover anchor={emojiButton} onPick={setEmoji} onClose={() => setPicking(false)} />}
        <ul className="status-dialog__presets" aria-label="Suggestions">
          {STATUS_PRESETS.map((p) => (
            <li key={p.text}>
              <button
                type="button"
                className="button button--small"
                onClick={() => {
                  setEmoji(p.emoji);
                  setText(p.text);
                  setExpiry(p.expiry);
                }}
              >
                <span aria-hidden="true">{p.emoji}</span> {p.text}
              </button>
            </li>
          ))}
        </ul>
        <div className="field">
          <label className="field__label" htmlFor={expiryId}>
            Clear after
          </label>
          <select
            id={expiryId}
            className="field__input"
            value={expiry}
            onChange={(e) => setExpiry(e.target.value as StatusExpiry)}
          >
            {Object.entries(STATUS_EXPIRY_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        {expiry === "custom" && (
          <TextField
            name="statusUntil"
            type="datetime-local"
            label="Clear at"
            value={custom}
            min={localInputValue(new Date())}
            onChange={(e) => setCustom(e.target.value)}
          />
        )}
        <div className="dialog__actions">
          {current && (
            <button
              type="button"
              className="button"
              disabled={busy}
              onClick={() => run(() => client.clearStatus())}
            >
              Clear status
            </button>
          )}
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? "Saving…" : "Save"}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
