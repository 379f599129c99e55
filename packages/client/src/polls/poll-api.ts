/** The poll calls of the chat service (docs/api.md "Polls"), one function per call. */
import type {
  AddPollOptionBody,
  CreatePollBody,
  PatchPollBody,
  QueryPollsBody,
  QueryVotesBody,
  ReplacePollBody,
  UpdatePollOptionBody,
} from "@parley/protocol";
import type { CallAnswer } from "../api-types.js";
import type { RestClient } from "../rest.js";

/** The part of `RestClient` the polls need (a server-side token adds `user_id` by itself). */
export type PollRest = Pick<RestClient, "call">;

export type PollAnswer = CallAnswer<"getPoll">;
export type OptionAnswer = CallAnswer<"addPollOption">;
export type VoteAnswer = CallAnswer<"castVote">;

/** `POST /polls`: a new poll, seen only by its creator until it is posted in a message. */
export const createPoll = (rest: PollRest, body: CreatePollBody) => rest.call("createPoll", { body });

/** `GET /polls/{id}`. */
export const getPoll = (rest: PollRest, id: string) => rest.call("getPoll", { params: { id } });

/** `PUT /polls`: a full update (omitted fields go back to their defaults). */
export const replacePoll = (rest: PollRest, body: ReplacePollBody) => rest.call("replacePoll", { body });

/** `PATCH /polls/{id}`: `set` some fields, `unset` others. */
export const patchPoll = (rest: PollRest, id: string, body: PatchPollBody) =>
  rest.call("patchPoll", { params: { id }, body });

/** `DELETE /polls/{id}`. */
export const deletePoll = (rest: PollRest, id: string) => rest.call("deletePoll", { params: { id } });

/** `POST /polls/{id}/options`: a new option (a suggestion, when the poll allows them). */
export const addPollOption = (rest: PollRest, id: string, body: AddPollOptionBody) =>
  rest.call("addPollOption", { params: { id }, body });

/** `PUT /polls/{id}/options`: changes an option's text or position. */
export const updatePollOption = (rest: PollRest, id: string, body: UpdatePollOptionBody) =>
  rest.call("updatePollOption", { params: { id }, body });

/** `GET /polls/{id}/options/{optionId}`. */
export const getPollOption = (rest: PollRest, id: string, optionId: string) =>
  rest.call("getPollOption", { params: { id, optionId } });

/** `DELETE /polls/{id}/options/{optionId}` (with the option's votes). */
export const deletePollOption = (rest: PollRest, id: string, optionId: string) =>
  rest.call("deletePollOption", { params: { id, optionId } });

/** `POST /messages/{messageId}/polls/{pollId}/vote` with `{ vote: { option_id } }`. */
export const castPollVote = (rest: PollRest, messageId: string, pollId: string, optionId: string) =>
  rest.call("castVote", { params: { messageId, pollId }, body: { vote: { option_id: optionId } } });

/** The same call with `{ vote: { answer_text } }`: a free-text answer (replaces the previous one). */
export const addPollAnswer = (rest: PollRest, messageId: string, pollId: string, answerText: string) =>
  rest.call("castVote", { params: { messageId, pollId }, body: { vote: { answer_text: answerText } } });

/** `DELETE /messages/{messageId}/polls/{pollId}/vote/{voteId}`: one's own vote or answer. */
export const removePollVote = (rest: PollRest, messageId: string, pollId: string, voteId: string) =>
  rest.call("removeVote", { params: { messageId, pollId, voteId } });

/** `POST /polls/query`: own unposted polls and polls of the user's channels. */
export const queryPolls = (rest: PollRest, body: QueryPollsBody = {}) => rest.call("queryPolls", { body });

/** `POST /polls/{id}/votes`; answers are `filter: { is_answer: true }`. */
export const queryPollVotes = (rest: PollRest, id: string, body: QueryVotesBody = {}) =>
  rest.call("queryVotes", { params: { id }, body });
