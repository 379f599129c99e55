import { z } from "zod";
import { pollOptionResponseSchema, pollQueryResponseSchema, pollVotesResponseSchema } from "../models.js";
import {
  addPollOptionBodySchema,
  castVoteBodySchema,
  createPollBodySchema,
  patchPollBodySchema,
  queryPollsBodySchema,
  queryVotesBodySchema,
  replacePollBodySchema,
  updatePollOptionBodySchema,
} from "../polls.js";
import { emptyAnswer, pollAnswer, pollOptionChangeAnswer, voteAnswer } from "./answers.js";
import { idPath, pollOptionPath, votePath, voteTargetPath } from "./params.js";
import type { ApiRoute } from "./route.js";

const polls = { tag: "polls", auth: "either" } as const;
const onPoll = { ...polls, params: idPath } as const;
/** What managing a poll may meet: no such poll, not the caller's to change, a broken rule. */
const managing = ["bad_request", "forbidden", "not_found", "conflict"] as const;

/** Polls, their options and votes (docs/api.md "Polls"). */
export const pollRoutes = {
  createPoll: {
    ...polls,
    method: "POST",
    path: "/chat/polls",
    summary: "Create a poll; only its creator sees it until it is posted in a message",
    body: createPollBodySchema,
    answers: { 201: pollAnswer },
    errors: ["forbidden"],
  },
  replacePoll: {
    ...polls,
    method: "PUT",
    path: "/chat/polls",
    summary: "Replace every field of a poll (omitted ones go back to their defaults)",
    body: replacePollBodySchema,
    answers: { 200: pollAnswer },
    errors: managing,
  },
  queryPolls: {
    ...polls,
    method: "POST",
    path: "/chat/polls/query",
    summary: "The caller's unposted polls and the polls of their channels",
    body: queryPollsBodySchema,
    answers: { 200: pollQueryResponseSchema },
    errors: ["bad_request", "forbidden"],
  },
  getPoll: {
    ...onPoll,
    method: "GET",
    path: "/chat/polls/{id}",
    summary: "One poll",
    answers: { 200: pollAnswer },
    errors: ["forbidden", "not_found"],
  },
  patchPoll: {
    ...onPoll,
    method: "PATCH",
    path: "/chat/polls/{id}",
    summary: "Set some fields of a poll and unset others (closing is `set: { is_closed: true }`)",
    body: patchPollBodySchema,
    answers: { 200: pollAnswer },
    errors: managing,
  },
  deletePoll: {
    ...onPoll,
    method: "DELETE",
    path: "/chat/polls/{id}",
    summary: "Delete a poll with its options and votes",
    answers: { 200: emptyAnswer },
    errors: ["forbidden", "not_found"],
  },
  addPollOption: {
    ...onPoll,
    method: "POST",
    path: "/chat/polls/{id}/options",
    summary: "Add an option (members may suggest one when the poll allows it)",
    body: addPollOptionBodySchema,
    answers: { 201: pollOptionChangeAnswer },
    errors: managing,
  },
  updatePollOption: {
    ...onPoll,
    method: "PUT",
    path: "/chat/polls/{id}/options",
    summary: "Change an option's text or position",
    body: updatePollOptionBodySchema,
    answers: { 200: pollOptionChangeAnswer },
    errors: managing,
  },
  getPollOption: {
    ...polls,
    method: "GET",
    path: "/chat/polls/{id}/options/{optionId}",
    params: pollOptionPath,
    summary: "One option of a poll",
    answers: { 200: z.object({ poll_option: pollOptionResponseSchema }) },
    errors: ["forbidden", "not_found"],
  },
  deletePollOption: {
    ...polls,
    method: "DELETE",
    path: "/chat/polls/{id}/options/{optionId}",
    params: pollOptionPath,
    summary: "Delete an option with its votes (the last one cannot be)",
    answers: { 200: pollAnswer },
    errors: ["bad_request", "forbidden", "not_found"],
  },
  queryVotes: {
    ...onPoll,
    method: "POST",
    path: "/chat/polls/{id}/votes",
    summary: "A poll's votes, or its answers (`filter: { is_answer: true }`)",
    body: queryVotesBodySchema,
    answers: { 200: pollVotesResponseSchema },
    errors: ["bad_request", "forbidden", "not_found"],
  },
  castVote: {
    ...polls,
    method: "POST",
    path: "/chat/messages/{messageId}/polls/{pollId}/vote",
    params: voteTargetPath,
    summary: "Vote for an option or answer; 200 when it changed or repeated an existing vote",
    body: castVoteBodySchema,
    answers: { 201: voteAnswer, 200: voteAnswer },
    errors: ["bad_request", "forbidden", "banned", "not_found"],
  },
  removeVote: {
    ...polls,
    method: "DELETE",
    path: "/chat/messages/{messageId}/polls/{pollId}/vote/{voteId}",
    params: votePath,
    summary: "Remove one's own vote or answer",
    answers: { 200: voteAnswer },
    errors: ["bad_request", "forbidden", "banned", "not_found"],
  },
} as const satisfies Record<string, ApiRoute>;
