import type { ChatClient } from "@parley/client";
import type { NotificationSettings } from "@parley/protocol";
import { MAX_EMAIL_LENGTH } from "@parley/protocol";
import { useId, useState } from "react";
import { SaveStatus, useSaveState } from "./save-state";

interface EmailAddressProps {
  client: ChatClient;
  email: NotificationSettings["email"];
  disabled: boolean;
  took: (settings: NotificationSettings) => void;
}

/** The address digests go to: verified, or waiting for its link; change or remove it. */
export function EmailAddress({ client, email, disabled, took }: EmailAddressProps) {
  const save = useSaveState();
  const inputId = useId();
  const [editing, setEditing] = useState(false);
  const [address, setAddress] = useState("");
  const showForm = editing || !email.address;
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const answer = await save.run(() => client.notifications.setEmail(address.trim()));
    if (!answer) return;
    took(answer);
    setEditing(false);
    setAddress("");
  };
  const remove = async () => {
    const answer = await save.run(() => client.notifications.removeEmail());
    if (answer) took(answer);
  };
  return (
    <div className="settings-subsection">
      {email.address && !editing && (
        <div className="settings-row">
          <p className="settings-state" data-testid="email-address">
            <strong>{email.address}</strong>{" "}
            {email.verified ? (
              <span className="settings-badge">Verified</span>
            ) : (
              <span className="settings-badge settings-badge--pending">Not confirmed: check your inbox</span>
            )}
          </p>
          <button type="button" className="button" disabled={disabled} onClick={() => setEditing(true)}>
            Change
          </button>
          <button type="button" className="button" disabled={disabled} onClick={() => void remove()}>
            Remove
          </button>
        </div>
      )}
      {showForm && (
        <form className="settings-row settings-row--field" onSubmit={(e) => void submit(e)}>
          <label htmlFor={inputId} className="settings-field-label">
            Email address
          </label>
          <input
            id={inputId}
            type="email"
            className="input-field__input settings-input"
            autoComplete="email"
            required
            maxLength={MAX_EMAIL_LENGTH}
            value={address}
            disabled={disabled}
            onChange={(event) => setAddress(event.target.value)}
          />
          <button type="submit" className="button button--primary" disabled={disabled}>
            Send confirmation link
          </button>
          {editing && (
            <button type="button" className="button" onClick={() => setEditing(false)}>
              Cancel
            </button>
          )}
        </form>
      )}
      <SaveStatus
        state={save}
        what={email.address && !email.verified ? "Link sent: check your inbox" : "Saved"}
      />
    </div>
  );
}
