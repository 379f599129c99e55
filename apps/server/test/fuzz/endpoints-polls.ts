import type { FuzzEndpoint } from "./rest-harness.js";

export interface PollFixture {
  /** A poll posted in a channel of the fuzzing user, and its message. */
  pollId: string;
  messageId: string;
  optionId: string;
  /** A poll of the fuzzing user not posted anywhere. */
  draftId: string;
  cid: string;
  userId: string;
}

const pollFields = {
  name: "Lunch?",
  description: "Where",
  enforce_unique_vote: false,
  max_votes_allowed: 3,
  allow_answers: true,
  allow_user_suggested_options: true,
  voting_visibility: "public",
  is_closed: false,
};

/** Every poll call with a body (docs/api.md "Polls"). */
export function pollEndpoints(f: PollFixture): FuzzEndpoint[] {
  return [
    {
      name: "create poll",
      schema: "createPollBodySchema",
      method: "POST",
      path: () => "/chat/polls",
      base: { ...pollFields, options: [{ text: "A" }, { text: "B", position: 1 }] },
    },
    {
      name: "replace poll",
      schema: "replacePollBodySchema",
      method: "PUT",
      path: () => "/chat/polls",
      base: { id: f.draftId, ...pollFields, options: [{ text: "A", position: 0 }, { text: "C" }] },
    },
    {
      name: "patch poll",
      schema: "patchPollBodySchema",
      method: "PATCH",
      path: () => `/chat/polls/${f.pollId}`,
      base: { set: { name: "Dinner?", allow_answers: true, is_closed: false }, unset: ["description"] },
    },
    {
      name: "add poll option",
      schema: "addPollOptionBodySchema",
      method: "POST",
      path: () => `/chat/polls/${f.pollId}/options`,
      base: { text: "Soup", position: 3 },
    },
    {
      name: "update poll option",
      schema: "updatePollOptionBodySchema",
      method: "PUT",
      path: () => `/chat/polls/${f.pollId}/options`,
      base: { id: f.optionId, text: "Pasta", position: 0 },
    },
    {
      name: "cast vote",
      schema: "castVoteBodySchema",
      method: "POST",
      path: () => `/chat/messages/${f.messageId}/polls/${f.pollId}/vote`,
      base: { vote: { option_id: f.optionId } },
    },
    {
      name: "cast answer",
      schema: "castVoteBodySchema",
      method: "POST",
      path: () => `/chat/messages/${f.messageId}/polls/${f.pollId}/vote`,
      base: { vote: { answer_text: "Anywhere" } },
    },
    {
      name: "query polls",
      schema: "queryPollsBodySchema",
      method: "POST",
      path: () => "/chat/polls/query",
      base: {
        filter: {
          id: { $in: [f.pollId, f.draftId] },
          created_by_id: { $eq: f.userId },
          cid: f.cid,
          name: { $autocomplete: "Lu" },
          is_closed: false,
          voting_visibility: "public",
          allow_answers: true,
        },
        sort: [{ field: "name", direction: 1 }],
        limit: 10,
        next: "bm90IGEgY3Vyc29y",
      },
    },
    {
      name: "query votes",
      schema: "queryVotesBodySchema",
      method: "POST",
      path: () => `/chat/polls/${f.pollId}/votes`,
      base: {
        filter: { option_id: f.optionId, user_id: { $in: [f.userId] }, is_answer: false },
        sort: [{ field: "created_at", direction: -1 }],
        limit: 5,
      },
    },
  ];
}
