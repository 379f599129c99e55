import { POLL_MAX_VOTES_MAX, POLL_MAX_VOTES_MIN } from "@parley/protocol";
import type { Dispatch, ReactNode } from "react";
import { clampMaxVotes, type PollForm, type PollFormAction, type PollFormErrors } from "./poll-form";

interface Props {
  form: PollForm;
  errors: PollFormErrors;
  dispatch: Dispatch<PollFormAction>;
}

/** The poll's switches; a unique vote and a vote limit exclude each other. */
export function CreatePollSwitches({ form, errors, dispatch }: Props) {
  return (
    <fieldset className="create-poll__switches">
      <legend>Settings</legend>
      <Switch
        label="One vote per person"
        checked={form.enforceUniqueVote}
        onChange={(value) => dispatch({ type: "enforceUniqueVote", value })}
      />
      <div className={form.enforceUniqueVote ? "switch switch--disabled" : "switch"}>
        <label className="switch">
          <input
            type="checkbox"
            checked={form.limitVotes}
            disabled={form.enforceUniqueVote}
            onChange={(event) => dispatch({ type: "limitVotes", value: event.target.checked })}
          />
          Limit votes per person
        </label>
        <input
          type="number"
          className="input-field__input create-poll__max"
          aria-label="Maximum votes per person"
          min={POLL_MAX_VOTES_MIN}
          max={POLL_MAX_VOTES_MAX}
          value={Number.isNaN(form.maxVotes) ? "" : form.maxVotes}
          disabled={form.enforceUniqueVote || !form.limitVotes}
          aria-invalid={errors.maxVotes ? true : undefined}
          onChange={(event) => dispatch({ type: "maxVotes", value: event.target.valueAsNumber })}
          onBlur={() => dispatch({ type: "maxVotes", value: clampMaxVotes(form.maxVotes) })}
        />
      </div>
      {errors.maxVotes && <p className="input-field__error">{errors.maxVotes}</p>}
      <Switch
        label="Allow comments"
        checked={form.allowAnswers}
        onChange={(value) => dispatch({ type: "allowAnswers", value })}
      />
      <Switch
        label="Let others suggest options"
        checked={form.allowSuggestions}
        onChange={(value) => dispatch({ type: "allowSuggestions", value })}
      />
      <Switch
        label="Anonymous voting"
        hint="Nobody sees who voted for what"
        checked={form.anonymous}
        onChange={(value) => dispatch({ type: "anonymous", value })}
      />
    </fieldset>
  );
}

function Switch(props: {
  label: string;
  checked: boolean;
  onChange: (value: boolean) => void;
  hint?: ReactNode;
}) {
  return (
    <label className="switch">
      <input
        type="checkbox"
        checked={props.checked}
        onChange={(event) => props.onChange(event.target.checked)}
      />
      <span>
        {props.label}
        {props.hint && <span className="input-field__hint"> — {props.hint}</span>}
      </span>
    </label>
  );
}
