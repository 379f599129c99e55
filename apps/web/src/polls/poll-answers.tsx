import { ownAnswer, type PollState } from "@parley/client";
import { POLL_ANSWER_TEXT_MAX, type PollResponse, type PollVoteResponse } from "@parley/protocol";
import { useId, useState } from "react";
import { ActionErrorNote } from "./action-error-note";
import { useAsyncAction } from "./use-action";

interface PollAnswersProps {
  state: PollState;
  poll: PollResponse;
}

/** Free-text answers: "Add a comment" (or edit one's own) and the list of answers. */
export function PollAnswers({ state, poll }: PollAnswersProps) {
  const [editing, setEditing] = useState(false);
  const [showList, setShowList] = useState(false);
  const mine = ownAnswer(poll);
  const listId = useId();
  return (
    <div className="poll-answers">
      <div className="poll-card__links">
        {!poll.is_closed && !editing && (
          <button type="button" className="poll-card__link" onClick={() => setEditing(true)}>
            {mine ? "Edit your comment" : "Add a comment"}
          </button>
        )}
        {poll.answers_count > 0 && (
          <button
            type="button"
            className="poll-card__link"
            aria-expanded={showList}
            aria-controls={listId}
            onClick={() => setShowList((v) => !v)}
          >
            {showList
              ? "Hide comments"
              : `View ${poll.answers_count === 1 ? "1 comment" : `${poll.answers_count} comments`}`}
          </button>
        )}
      </div>
      {editing && (
        <AnswerForm state={state} initial={mine?.answer_text ?? ""} onDone={() => setEditing(false)} />
      )}
      {showList && <AnswerList id={listId} state={state} poll={poll} />}
    </div>
  );
}

function AnswerForm({ state, initial, onDone }: { state: PollState; initial: string; onDone: () => void }) {
  const [text, setText] = useState(initial);
  const action = useAsyncAction();
  const inputId = useId();
  const submit = async () => {
    const value = text.trim();
    if (!value) return;
    if (await action.run("answer", () => state.addAnswer(value), "Could not save your comment")) onDone();
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
        Your comment
      </label>
      <input
        id={inputId}
        className="input-field__input"
        value={text}
        maxLength={POLL_ANSWER_TEXT_MAX}
        placeholder="Your comment"
        autoFocus
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Escape") {
            event.stopPropagation();
            onDone();
          }
        }}
      />
      <button
        type="submit"
        className="button button--primary"
        disabled={!text.trim() || action.busy !== null}
      >
        Send
      </button>
      <button type="button" className="button" onClick={onDone}>
        Cancel
      </button>
      <ActionErrorNote error={action.error} />
    </form>
  );
}

function AnswerList({ id, state, poll }: { id: string; state: PollState; poll: PollResponse }) {
  // The full list, page by page (100 at a time), once asked for; until then the latest answers.
  const [loaded, setLoaded] = useState<{ votes: PollVoteResponse[]; next?: string } | null>(null);
  const action = useAsyncAction();
  const answers = loaded?.votes ?? poll.latest_answers;
  const more = loaded ? loaded.next !== undefined : poll.answers_count > poll.latest_answers.length;
  const loadMore = () =>
    action.run(
      "load",
      async () => {
        const page = await state.queryAnswers({ limit: 100, ...(loaded?.next ? { next: loaded.next } : {}) });
        setLoaded({ votes: [...(loaded?.votes ?? []), ...page.votes], next: page.next });
      },
      "Could not load the comments",
    );
  return (
    <div id={id}>
      <ul className="poll-answers__list" aria-label="Comments">
        {answers.map((a) => (
          <li key={a.id} className="poll-answers__item">
            <span className="poll-answers__author">{a.user?.name ?? "Anonymous"}</span>
            <span className="poll-answers__text">{a.answer_text}</span>
          </li>
        ))}
      </ul>
      {more && (
        <button
          type="button"
          className="poll-card__link"
          disabled={action.busy !== null}
          onClick={() => void loadMore()}
        >
          {loaded ? "Show more comments" : `Show all ${poll.answers_count} comments`}
        </button>
      )}
      <ActionErrorNote error={action.error} />
    </div>
  );
}
