import { describe, expect, test } from "vitest";
import {
  clampMaxVotes,
  initialPollForm,
  type PollForm,
  type PollFormAction,
  pollFormReducer,
  validatePollForm,
} from "../../src/polls/poll-form";

const apply = (form: PollForm, ...actions: PollFormAction[]) => actions.reduce(pollFormReducer, form);

function filled(): PollForm {
  const form = initialPollForm();
  const [a, b] = form.options;
  return apply(
    form,
    { type: "name", value: "  Lunch?  " },
    { type: "optionText", key: a!.key, text: " Pizza " },
    { type: "optionText", key: b!.key, text: "Sushi" },
  );
}

describe("poll form constraints", () => {
  test("starts with two empty options and every switch off", () => {
    const form = initialPollForm();
    expect(form.options).toHaveLength(2);
    expect(form.enforceUniqueVote || form.limitVotes || form.allowAnswers || form.anonymous).toBe(false);
  });

  test("one vote per person and a vote limit exclude each other", () => {
    let form = apply(initialPollForm(), { type: "limitVotes", value: true });
    expect(form.limitVotes).toBe(true);
    form = apply(form, { type: "enforceUniqueVote", value: true });
    expect(form).toMatchObject({ enforceUniqueVote: true, limitVotes: false });
    form = apply(form, { type: "limitVotes", value: true });
    expect(form).toMatchObject({ enforceUniqueVote: false, limitVotes: true });
  });

  test("the vote limit is 2–10", () => {
    expect(clampMaxVotes(1)).toBe(2);
    expect(clampMaxVotes(11)).toBe(10);
    expect(clampMaxVotes(Number.NaN)).toBe(2);
    const form = apply(filled(), { type: "limitVotes", value: true }, { type: "maxVotes", value: 12 });
    expect(validatePollForm(form).errors.maxVotes).toBe("Between 2 and 10");
    expect(validatePollForm(apply(form, { type: "maxVotes", value: 4 })).body?.max_votes_allowed).toBe(4);
  });

  test("options are added, removed (never the last) and reordered", () => {
    let form = apply(initialPollForm(), { type: "addOption" });
    expect(form.options).toHaveLength(3);
    const [first, second, third] = form.options;
    form = apply(form, { type: "moveOption", key: third!.key, by: -1 });
    expect(form.options.map((o) => o.key)).toEqual([first!.key, third!.key, second!.key]);
    form = apply(form, { type: "moveOption", key: first!.key, by: -1 });
    expect(form.options[0]!.key).toBe(first!.key);
    form = apply(
      form,
      { type: "removeOption", key: first!.key },
      { type: "removeOption", key: second!.key },
      { type: "removeOption", key: third!.key },
    );
    expect(form.options.map((o) => o.key)).toEqual([third!.key]);
  });
});

describe("poll form validation", () => {
  test("a question and at least two options are needed", () => {
    const { errors, body } = validatePollForm(initialPollForm());
    expect(body).toBeNull();
    expect(errors.name).toBe("Ask a question");
    expect(errors.options).toBe("Add at least 2 options");
  });

  test("one option is enough when members may suggest more", () => {
    const form = initialPollForm();
    const next = apply(
      form,
      { type: "name", value: "Ideas?" },
      { type: "optionText", key: form.options[0]!.key, text: "Hackathon" },
      { type: "allowSuggestions", value: true },
    );
    expect(validatePollForm(next).body?.options).toEqual([{ text: "Hackathon", position: 0 }]);
  });

  test("option texts must be unique, trimmed and case-insensitively", () => {
    const form = filled();
    const dup = apply(form, { type: "optionText", key: form.options[1]!.key, text: "pizza  " });
    const { errors, body } = validatePollForm(dup);
    expect(body).toBeNull();
    expect(errors.option[form.options[1]!.key]).toBe("This option is already in the poll");
  });

  test("the body has trimmed texts, positions in order, the switches and no empty rows", () => {
    const form = apply(
      filled(),
      { type: "addOption" },
      { type: "enforceUniqueVote", value: true },
      { type: "allowAnswers", value: true },
      { type: "anonymous", value: true },
    );
    expect(validatePollForm(form).body).toEqual({
      name: "Lunch?",
      options: [
        { text: "Pizza", position: 0 },
        { text: "Sushi", position: 1 },
      ],
      enforce_unique_vote: true,
      max_votes_allowed: null,
      allow_answers: true,
      allow_user_suggested_options: false,
      voting_visibility: "anonymous",
    });
  });
});
