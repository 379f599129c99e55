/**
 * The "Create a poll" form: its state, the reducer that keeps the switches' constraints
 * (unique vote and a vote cap never together; the cap within 2–10), and the validation that
 * turns it into a `POST /polls` body (docs/api.md "Polls").
 */
import {
  type CreatePollBody,
  optionTextKey,
  POLL_DESCRIPTION_MAX,
  POLL_MAX_VOTES_MAX,
  POLL_MAX_VOTES_MIN,
  POLL_NAME_MAX,
  POLL_OPTION_TEXT_MAX,
  POLL_OPTIONS_MAX,
} from "@parley/protocol";

export interface PollFormOption {
  /** A stable key for React and for errors; not sent. */
  key: string;
  text: string;
}

export interface PollForm {
  name: string;
  description: string;
  options: PollFormOption[];
  enforceUniqueVote: boolean;
  limitVotes: boolean;
  maxVotes: number;
  allowAnswers: boolean;
  allowSuggestions: boolean;
  anonymous: boolean;
}

export type PollFormAction =
  | { type: "name"; value: string }
  | { type: "description"; value: string }
  | { type: "optionText"; key: string; text: string }
  | { type: "addOption" }
  | { type: "removeOption"; key: string }
  | { type: "moveOption"; key: string; by: -1 | 1 }
  | { type: "enforceUniqueVote"; value: boolean }
  | { type: "limitVotes"; value: boolean }
  | { type: "maxVotes"; value: number }
  | { type: "allowAnswers"; value: boolean }
  | { type: "allowSuggestions"; value: boolean }
  | { type: "anonymous"; value: boolean }
  | { type: "reset" };

export interface PollFormErrors {
  name?: string;
  /** About the options as a whole (too few). */
  options?: string;
  /** Per option key. */
  option: Record<string, string>;
  maxVotes?: string;
}

/** The fewest options a poll is created with; one is enough when members may suggest more. */
export const MIN_OPTIONS = 2;

let nextKey = 0;
const newOption = (): PollFormOption => ({ key: `o${++nextKey}`, text: "" });

export function initialPollForm(): PollForm {
  return {
    name: "",
    description: "",
    options: [newOption(), newOption()],
    enforceUniqueVote: false,
    limitVotes: false,
    maxVotes: POLL_MAX_VOTES_MIN,
    allowAnswers: false,
    allowSuggestions: false,
    anonymous: false,
  };
}

export function clampMaxVotes(value: number): number {
  if (!Number.isFinite(value)) return POLL_MAX_VOTES_MIN;
  return Math.min(POLL_MAX_VOTES_MAX, Math.max(POLL_MAX_VOTES_MIN, Math.round(value)));
}

export function pollFormReducer(form: PollForm, action: PollFormAction): PollForm {
  switch (action.type) {
    case "name":
      return { ...form, name: action.value };
    case "description":
      return { ...form, description: action.value };
    case "optionText":
      return {
        ...form,
        options: form.options.map((o) => (o.key === action.key ? { ...o, text: action.text } : o)),
      };
    case "addOption":
      if (form.options.length >= POLL_OPTIONS_MAX) return form;
      return { ...form, options: [...form.options, newOption()] };
    case "removeOption":
      if (form.options.length <= 1) return form;
      return { ...form, options: form.options.filter((o) => o.key !== action.key) };
    case "moveOption": {
      const from = form.options.findIndex((o) => o.key === action.key);
      const to = from + action.by;
      if (from < 0 || to < 0 || to >= form.options.length) return form;
      const options = [...form.options];
      const [moved] = options.splice(from, 1);
      if (moved) options.splice(to, 0, moved);
      return { ...form, options };
    }
    // A unique vote and a cap cannot be combined: turning one on turns the other off.
    case "enforceUniqueVote":
      return { ...form, enforceUniqueVote: action.value, limitVotes: action.value ? false : form.limitVotes };
    case "limitVotes":
      return {
        ...form,
        limitVotes: action.value,
        enforceUniqueVote: action.value ? false : form.enforceUniqueVote,
      };
    // Kept as typed (the field clamps on blur); validation reports a value out of range.
    case "maxVotes":
      return { ...form, maxVotes: action.value };
    case "allowAnswers":
      return { ...form, allowAnswers: action.value };
    case "allowSuggestions":
      return { ...form, allowSuggestions: action.value };
    case "anonymous":
      return { ...form, anonymous: action.value };
    case "reset":
      return initialPollForm();
  }
}

/** Options with text, in order (empty rows are left out). */
export function filledOptions(form: PollForm): PollFormOption[] {
  return form.options.filter((o) => o.text.trim() !== "");
}

export function validatePollForm(form: PollForm): { errors: PollFormErrors; body: CreatePollBody | null } {
  const errors: PollFormErrors = { option: {} };
  const name = form.name.trim();
  if (!name) errors.name = "Ask a question";
  else if (name.length > POLL_NAME_MAX) errors.name = `At most ${POLL_NAME_MAX} characters`;

  const filled = filledOptions(form);
  const seen = new Set<string>();
  for (const o of filled) {
    const key = optionTextKey(o.text);
    if (o.text.trim().length > POLL_OPTION_TEXT_MAX) {
      errors.option[o.key] = `At most ${POLL_OPTION_TEXT_MAX} characters`;
    } else if (seen.has(key)) errors.option[o.key] = "This option is already in the poll";
    seen.add(key);
  }
  const min = form.allowSuggestions ? 1 : MIN_OPTIONS;
  if (filled.length < min) {
    errors.options = min === 1 ? "Add at least one option" : `Add at least ${MIN_OPTIONS} options`;
  }
  if (filled.length > POLL_OPTIONS_MAX) errors.options = `At most ${POLL_OPTIONS_MAX} options`;
  if (form.limitVotes && form.enforceUniqueVote) {
    errors.maxVotes = "A vote limit cannot be combined with one vote per person";
  } else if (
    form.limitVotes &&
    !(Number.isInteger(form.maxVotes) && clampMaxVotes(form.maxVotes) === form.maxVotes)
  ) {
    errors.maxVotes = `Between ${POLL_MAX_VOTES_MIN} and ${POLL_MAX_VOTES_MAX}`;
  }

  if (hasErrors(errors)) return { errors, body: null };

  const body: CreatePollBody = {
    name,
    options: filled.map((o, position) => ({ text: o.text.trim(), position })),
    enforce_unique_vote: form.enforceUniqueVote,
    max_votes_allowed: form.limitVotes ? form.maxVotes : null,
    allow_answers: form.allowAnswers,
    allow_user_suggested_options: form.allowSuggestions,
    voting_visibility: form.anonymous ? "anonymous" : "public",
  };
  const description = form.description.trim().slice(0, POLL_DESCRIPTION_MAX);
  if (description) body.description = description;
  return { errors, body };
}

export function hasErrors(errors: PollFormErrors): boolean {
  return (
    errors.name !== undefined ||
    errors.options !== undefined ||
    errors.maxVotes !== undefined ||
    Object.keys(errors.option).length > 0
  );
}
