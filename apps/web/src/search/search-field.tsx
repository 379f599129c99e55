import type { KeyboardEvent, Ref } from "react";
import { SEARCH_INPUT_ID } from "./use-search-shortcut";

interface Props {
  ref: Ref<HTMLInputElement>;
  value: string;
  onChange: (value: string) => void;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
}

/** The search view's query field (the view focuses it on opening; Esc, handled there, closes it). */
export function SearchField({ ref, value, onChange, onKeyDown }: Props) {
  return (
    <search className="search-field">
      <svg className="search-field__icon" viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
        <circle cx="9" cy="9" r="5.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
        <path d="M13 13l4 4" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      </svg>
      <input
        ref={ref}
        id={SEARCH_INPUT_ID}
        type="search"
        className="search-field__input"
        aria-label="Search messages, channels and people"
        aria-describedby="search-field-hint"
        placeholder="Search messages, channels and people"
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <span id="search-field-hint" className="visually-hidden">
        ↓ moves to the results, Enter opens the first, Esc closes the search.
      </span>
    </search>
  );
}
