/** The poll endpoints of the chat service (docs/api.md "Polls"), one function per call. */
import type {
  AddPollOptionBody,
  CreatePollBody,
  PatchPollBody,
  PollOptionResponse,
  PollQueryResponse,
  PollResponse,
  PollVoteResponse,
  PollVotesResponse,
  QueryPollsBody,
  QueryVotesBody,
  ReplacePollBody,
  UpdatePollOptionBody,
} from "@parley/protocol";
import type { RequestOptions } from "../rest.js";

/** The part of `RestClient` the polls need (a server-side token adds `user_id` by itself). */
export interface PollRest {
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  delete<T>(path: string, options?: RequestOptions): Promise<T>;
}

const seg = encodeURIComponent;
const pollPath = (id: string) => `/polls/${seg(id)}`;
const votePath = (messageId: string, pollId: string) =>
  `/messages/${seg(messageId)}/polls/${seg(pollId)}/vote`;

export interface PollAnswer {
  poll: PollResponse;
}
export interface OptionAnswer {
  poll_option: PollOptionResponse;
  poll: PollResponse;
}
export interface VoteAnswer {
  vote: PollVoteResponse;
  poll: PollResponse;
}

/** `POST /polls`: a new poll, seen only by its creator until it is posted in a message. */
export const createPoll = (rest: PollRest, body: CreatePollBody) => rest.post<PollAnswer>("/polls", body);

/** `GET /polls/{id}`. */
export const getPoll = (rest: PollRest, id: string) => rest.get<PollAnswer>(pollPath(id));

/** `PUT /polls`: a full update (omitted fields go back to their defaults). */
export const replacePoll = (rest: PollRest, body: ReplacePollBody) => rest.put<PollAnswer>("/polls", body);

/** `PATCH /polls/{id}`: `set` some fields, `unset` others. */
export const patchPoll = (rest: PollRest, id: string, body: PatchPollBody) =>
  rest.patch<PollAnswer>(pollPath(id), body);

/** `DELETE /polls/{id}`. */
export const deletePoll = (rest: PollRest, id: string) => rest.delete<Record<string, never>>(pollPath(id));

/** `POST /polls/{id}/options`: a new option (a suggestion, when the poll allows them). */
export const addPollOption = (rest: PollRest, id: string, body: AddPollOptionBody) =>
  rest.post<OptionAnswer>(`${pollPath(id)}/options`, body);

/** `PUT /polls/{id}/options`: changes an option's text or position. */
export const updatePollOption = (rest: PollRest, id: string, body: UpdatePollOptionBody) =>
  rest.put<OptionAnswer>(`${pollPath(id)}/options`, body);

/** `GET /polls/{id}/options/{optionId}`. */
export const getPollOption = (rest: PollRest, id: string, optionId: string) =>
  rest.get<{ poll_option: PollOptionResponse }>(`${pollPath(id)}/options/${seg(optionId)}`);

/** `DELETE /polls/{id}/options/{optionId}` (with the option's votes). */
export const deletePollOption = (rest: PollRest, id: string, optionId: string) =>
  rest.delete<PollAnswer>(`${pollPath(id)}/options/${seg(optionId)}`);

/** `POST /messages/{messageId}/polls/{pollId}/vote` with `{ vote: { option_id } }`. */
export const castPollVote = (rest: PollRest, messageId: string, pollId: string, optionId: string) =>
  rest.post<VoteAnswer>(votePath(messageId, pollId), { vote: { option_id: optionId } });

/** The same call with `{ vote: { answer_text } }`: a free-text answer (replaces the previous one). */
export const addPollAnswer = (rest: PollRest, messageId: string, pollId: string, answerText: string) =>
  rest.post<VoteAnswer>(votePath(messageId, pollId), { vote: { answer_text: answerText } });

/** `DELETE /messages/{messageId}/polls/{pollId}/vote/{voteId}`: one's own vote or answer. */
export const removePollVote = (rest: PollRest, messageId: string, pollId: string, voteId: string) =>
  rest.delete<VoteAnswer>(`${votePath(messageId, pollId)}/${seg(voteId)}`);

/** `POST /polls/query`: own unposted polls and polls of the user's channels. */
export const queryPolls = (rest: PollRest, body: QueryPollsBody = {}) =>
  rest.post<PollQueryResponse>("/polls/query", body);

/** `POST /polls/{id}/votes`; answers are `filter: { is_answer: true }`. */
export const queryPollVotes = (rest: PollRest, id: string, body: QueryVotesBody = {}) =>
  rest.post<PollVotesResponse>(`${pollPath(id)}/votes`, body);
