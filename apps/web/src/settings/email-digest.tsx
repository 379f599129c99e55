import type { ChatClient } from "@parley/client";
import type { NotificationSettings } from "@parley/protocol";
import { useId } from "react";
import { EMAIL_DELAYS } from "./notify-labels";
import { SaveStatus, useSaveState } from "./save-state";

interface EmailDigestProps {
  client: ChatClient;
  email: NotificationSettings["email"];
  disabled: boolean;
  took: (settings: NotificationSettings) => void;
}

/** Digest on/off and how long a mention or DM stays unread before it is emailed. */
export function EmailDigest({ client, email, disabled, took }: EmailDigestProps) {
  const save = useSaveState();
  const checkId = useId();
  const delayId = useId();
  const delays = EMAIL_DELAYS.some((d) => d.minutes === email.delay_minutes)
    ? EMAIL_DELAYS
    : [...EMAIL_DELAYS, { minutes: email.delay_minutes, label: `${email.delay_minutes} minutes` }];
  const update = async (patch: { email_digest?: boolean; email_delay_minutes?: number }) => {
    const answer = await save.run(() => client.notifications.update(patch));
    if (answer) took(answer);
  };
  return (
    <div className="settings-subsection">
      <div className="settings-check">
        <input
          id={checkId}
          type="checkbox"
          className="settings-checkbox"
          checked={email.digest}
          disabled={disabled}
          onChange={(event) => void update({ email_digest: event.target.checked })}
        />
        <label htmlFor={checkId}>Email me the mentions and direct messages I miss</label>
      </div>
      <div className="settings-row settings-row--field">
        <label htmlFor={delayId} className="settings-field-label">
          After they stay unread for
        </label>
        <select
          id={delayId}
          className="input-field__input settings-input"
          value={email.delay_minutes}
          disabled={disabled || !email.digest}
          onChange={(event) => void update({ email_delay_minutes: Number(event.target.value) })}
        >
          {delays.map((d) => (
            <option key={d.minutes} value={d.minutes}>
              {d.label}
            </option>
          ))}
        </select>
      </div>
      <SaveStatus state={save} />
    </div>
  );
}
