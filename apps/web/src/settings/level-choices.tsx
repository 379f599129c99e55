import { useState } from "react";
import { SaveStatus, useSaveState } from "./save-state";

interface LevelChoicesProps<L extends string> {
  /** The radio buttons' shared name. */
  name: string;
  legend: string;
  /** Shows the legend as a hint; otherwise it is for screen readers only. */
  showLegend?: boolean;
  levels: readonly L[];
  current: L;
  label: (level: L) => string;
  hint: (level: L) => string;
  save: (level: L) => Promise<unknown>;
}

/** A notification level as radio buttons, each with its hint; saved as soon as one is chosen. */
export function LevelChoices<L extends string>(props: LevelChoicesProps<L>) {
  const save = useSaveState();
  const [chosen, setChosen] = useState<L | null>(null);
  // The choice shows at once; the saved level takes over when the call ends (or fails).
  const shown = save.phase === "saving" && chosen ? chosen : props.current;
  const choose = (level: L) => {
    setChosen(level);
    void save.run(() => props.save(level));
  };
  return (
    <>
      <fieldset className="settings-choices">
        <legend className={props.showLegend ? "settings-section__hint" : "visually-hidden"}>
          {props.legend}
        </legend>
        {props.levels.map((level) => (
          <label key={level} className="settings-choice">
            <input
              type="radio"
              name={props.name}
              value={level}
              checked={shown === level}
              onChange={() => choose(level)}
            />
            <span className="settings-choice__text">
              <span className="settings-choice__label">{props.label(level)}</span>
              <span className="settings-choice__hint">{props.hint(level)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <SaveStatus state={save} />
    </>
  );
}
