import type { ChatClient } from "@parley/client";
import { inDoNotDisturb } from "@parley/protocol";
import { useId, useState } from "react";
import { useNow } from "../chat/use-now";
import { SaveStatus, useSaveState } from "./save-state";
import { DND_CHOICES, fromLocalInput, localInputValue, untilText } from "./times";

/** Do Not Disturb: nothing notifies (tab, push, email) until it ends. */
export function DndSection({ client, dndUntil }: { client: ChatClient; dndUntil: string | null }) {
  const save = useSaveState();
  const now = useNow();
  const inputId = useId();
  const [custom, setCustom] = useState(() => localInputValue(new Date(Date.now() + 2 * 3_600_000)));
  const [customError, setCustomError] = useState<string | null>(null);
  const on = inDoNotDisturb(dndUntil, new Date());
  const set = (until: Date | null) => void save.run(() => client.notifications.update({ dnd_until: until }));
  const setCustomEnd = () => {
    const until = fromLocalInput(custom);
    if (!until || until.getTime() <= Date.now()) {
      setCustomError("Choose a date and time in the future.");
      return;
    }
    setCustomError(null);
    set(until);
  };
  return (
    <section className="settings-section" aria-labelledby="settings-dnd">
      <h2 id="settings-dnd" className="settings-section__title">
        Do Not Disturb
      </h2>
      <div className="settings-row">
        <p className="settings-state" data-testid="dnd-state">
          {on && dndUntil ? `On until ${untilText(dndUntil, now)}` : "Off"}
        </p>
        {on && (
          <button type="button" className="button" onClick={() => set(null)}>
            Turn off
          </button>
        )}
      </div>
      <p className="settings-section__hint">Pause every notification, then have them back by themselves.</p>
      <fieldset className="settings-buttons">
        <legend className="visually-hidden">Turn on Do Not Disturb</legend>
        {DND_CHOICES.map((choice) => (
          <button
            key={choice.label}
            type="button"
            className="button"
            onClick={() => set(choice.until(new Date()))}
          >
            {choice.label}
          </button>
        ))}
      </fieldset>
      <div className="settings-row settings-row--field">
        <label htmlFor={inputId} className="settings-field-label">
          Until a date and time
        </label>
        <input
          id={inputId}
          type="datetime-local"
          className="input-field__input settings-input"
          value={custom}
          min={localInputValue(now)}
          aria-invalid={customError ? true : undefined}
          aria-describedby={customError ? `${inputId}-error` : undefined}
          onChange={(event) => setCustom(event.target.value)}
        />
        <button type="button" className="button" onClick={setCustomEnd}>
          Turn on until then
        </button>
      </div>
      {customError && (
        <p id={`${inputId}-error`} className="input-field__error">
          {customError}
        </p>
      )}
      <SaveStatus state={save} />
    </section>
  );
}
