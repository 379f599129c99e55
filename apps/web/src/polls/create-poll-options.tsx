import { POLL_OPTION_TEXT_MAX, POLL_OPTIONS_MAX } from "@parley/protocol";
import type { Dispatch } from "react";
import type { PollForm, PollFormAction, PollFormErrors } from "./poll-form";

interface Props {
  form: PollForm;
  errors: PollFormErrors;
  dispatch: Dispatch<PollFormAction>;
}

/** The options editor: one field per option, move up/down, remove, and "Add an option". */
export function CreatePollOptions({ form, errors, dispatch }: Props) {
  const count = form.options.length;
  return (
    <fieldset className="create-poll__switches">
      <legend>Options</legend>
      {errors.options && (
        <p className="input-field__error" role="alert">
          {errors.options}
        </p>
      )}
      <ol className="create-poll__options">
        {form.options.map((option, index) => {
          const label = `Option ${index + 1}`;
          const error = errors.option[option.key];
          const errorId = `${option.key}-error`;
          return (
            <li key={option.key} className="create-poll__option">
              <input
                className="input-field__input"
                aria-label={label}
                placeholder={label}
                value={option.text}
                maxLength={POLL_OPTION_TEXT_MAX}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
                onChange={(event) =>
                  dispatch({ type: "optionText", key: option.key, text: event.target.value })
                }
                onKeyDown={(event) => {
                  if (event.key === "Enter" && index === count - 1 && option.text.trim()) {
                    event.preventDefault();
                    dispatch({ type: "addOption" });
                  }
                }}
              />
              <button
                type="button"
                className="poll-icon-button"
                aria-label={`Move ${label.toLowerCase()} up`}
                disabled={index === 0}
                onClick={() => dispatch({ type: "moveOption", key: option.key, by: -1 })}
              >
                <Arrow up />
              </button>
              <button
                type="button"
                className="poll-icon-button"
                aria-label={`Move ${label.toLowerCase()} down`}
                disabled={index === count - 1}
                onClick={() => dispatch({ type: "moveOption", key: option.key, by: 1 })}
              >
                <Arrow up={false} />
              </button>
              <button
                type="button"
                className="poll-icon-button"
                aria-label={`Remove ${label.toLowerCase()}`}
                disabled={count <= 1}
                onClick={() => dispatch({ type: "removeOption", key: option.key })}
              >
                <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
                  <path
                    d="M4 4l8 8M12 4l-8 8"
                    stroke="currentColor"
                    strokeWidth="1.8"
                    strokeLinecap="round"
                  />
                </svg>
              </button>
              {error && (
                <p id={errorId} className="input-field__error">
                  {error}
                </p>
              )}
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className="button"
        disabled={count >= POLL_OPTIONS_MAX}
        onClick={() => dispatch({ type: "addOption" })}
      >
        Add an option
      </button>
    </fieldset>
  );
}

function Arrow({ up }: { up: boolean }) {
  return (
    <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
      <path
        d={up ? "M4 10l4-4 4 4" : "M4 6l4 4 4-4"}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
      />
    </svg>
  );
}
