import type { PollState } from "@parley/client";
import { POLL_OPTION_TEXT_MAX } from "@parley/protocol";
import { useId, useState } from "react";
import { ActionErrorNote } from "./action-error-note";
import { useAsyncAction } from "./use-action";

/** "Suggest an option", on polls that take members' suggestions. */
export function PollSuggestOption({ state }: { state: PollState }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const action = useAsyncAction();
  const inputId = useId();
  const close = () => {
    setOpen(false);
    setText("");
    action.clearError();
  };
  if (!open) {
    return (
      <button type="button" className="poll-card__link" onClick={() => setOpen(true)}>
        Suggest an option
      </button>
    );
  }
  const submit = async () => {
    const value = text.trim();
    if (
      value &&
      (await action.run("suggest", () => state.addOption({ text: value }), "Could not add the option"))
    )
      close();
  };
  return (
    <form
      className="poll-inline-form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <label htmlFor={inputId} className="visually-hidden">
        New option
      </label>
      <input
        id={inputId}
        className="input-field__input"
        value={text}
        maxLength={POLL_OPTION_TEXT_MAX}
        placeholder="New option"
        autoFocus
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Escape") {
            event.stopPropagation();
            close();
          }
        }}
      />
      <button
        type="submit"
        className="button button--primary"
        disabled={!text.trim() || action.busy !== null}
      >
        Add
      </button>
      <button type="button" className="button" onClick={close}>
        Cancel
      </button>
      <ActionErrorNote error={action.error} />
    </form>
  );
}
