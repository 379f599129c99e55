import { POLL_DESCRIPTION_MAX, POLL_NAME_MAX } from "@parley/protocol";
import { useReducer, useRef, useState } from "react";
import { CreatePollOptions } from "./create-poll-options";
import { CreatePollSwitches } from "./create-poll-switches";
import {
  initialPollForm,
  type PollFormAction,
  type PollFormErrors,
  pollFormReducer,
  validatePollForm,
} from "./poll-form";
import type { CreatePoll } from "./use-create-poll";

interface Props {
  create: CreatePoll;
  onCancel: () => void;
  onCreated: () => void;
}

const noErrors: PollFormErrors = { option: {} };

/** The "Create a poll" form: question, options, switches; errors show after the first submit. */
export function CreatePollForm({ create, onCancel, onCreated }: Props) {
  const [form, apply] = useReducer(pollFormReducer, undefined, initialPollForm);
  const [submitted, setSubmitted] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const { errors, body } = validatePollForm(form);
  const shown = submitted ? errors : noErrors;
  // A changed form is a new poll: a retry must not post the one created before.
  const dispatch = (action: PollFormAction) => {
    create.reset();
    apply(action);
  };

  const onSubmit = async () => {
    setSubmitted(true);
    if (!body) {
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"]')?.focus(),
      );
      return;
    }
    if (await create.submit(body)) onCreated();
  };

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      <div className="input-field">
        <label className="input-field__label" htmlFor="create-poll-question">
          Question
        </label>
        <input
          id="create-poll-question"
          className="input-field__input"
          value={form.name}
          maxLength={POLL_NAME_MAX}
          autoFocus
          aria-invalid={shown.name ? true : undefined}
          aria-describedby={shown.name ? "create-poll-question-error" : undefined}
          onChange={(event) => dispatch({ type: "name", value: event.target.value })}
        />
        {shown.name && (
          <p id="create-poll-question-error" className="input-field__error">
            {shown.name}
          </p>
        )}
      </div>
      <div className="input-field">
        <label className="input-field__label" htmlFor="create-poll-description">
          Description <span className="input-field__hint">(optional)</span>
        </label>
        <input
          id="create-poll-description"
          className="input-field__input"
          value={form.description}
          maxLength={POLL_DESCRIPTION_MAX}
          onChange={(event) => dispatch({ type: "description", value: event.target.value })}
        />
      </div>
      <CreatePollOptions form={form} errors={shown} dispatch={dispatch} />
      <CreatePollSwitches form={form} errors={shown} dispatch={dispatch} />
      {create.error && (
        <p className="input-field__alert" role="alert">
          {create.error}
        </p>
      )}
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
        <button
          type="submit"
          className="button button--primary"
          disabled={create.busy}
          aria-busy={create.busy || undefined}
        >
          {create.error ? "Try again" : "Create poll"}
        </button>
      </div>
    </form>
  );
}
