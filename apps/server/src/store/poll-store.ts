import type { PollOptionsTable, PollsTable, PollVotesTable } from "./schema.js";

/** A poll as the domain sees it: its flags are booleans (rows.ts). */
export interface PollRow
  extends Omit<
    PollsTable,
    "enforce_unique_vote" | "allow_answers" | "allow_user_suggested_options" | "is_closed"
  > {
  enforce_unique_vote: boolean;
  allow_answers: boolean;
  allow_user_suggested_options: boolean;
  is_closed: boolean;
}
export type PollOptionRow = PollOptionsTable;
export interface PollVoteRow extends Omit<PollVotesTable, "is_answer"> {
  is_answer: boolean;
}

/** Where an attached poll lives: the message carrying it (`messages.poll_id`) and its channel. */
export interface PollHome {
  poll_id: string;
  message_id: string;
  cid: string;
}

/** A keyset position: the sort value and id of the last row of the previous page. */
export interface PageAfter {
  value: string | number;
  id: string;
}

export interface PollQuery {
  /** Scope: the viewer's own unposted polls and polls in live channels the viewer is a member of. */
  viewerId: string;
  ids?: readonly string[];
  createdByIds?: readonly string[];
  cids?: readonly string[];
  nameEquals?: string;
  namePrefix?: string;
  flags: Partial<
    Record<"is_closed" | "enforce_unique_vote" | "allow_answers" | "allow_user_suggested_options", boolean>
  >;
  votingVisibility?: string;
  sortField: "created_at" | "updated_at" | "name" | "is_closed";
  direction: 1 | -1;
  after?: PageAfter;
  limit: number;
}

export interface VotePageQuery {
  pollId: string;
  ids?: readonly string[];
  optionIds?: readonly string[];
  userIds?: readonly string[];
  isAnswer?: boolean;
  sortField: "created_at" | "updated_at";
  direction: 1 | -1;
  after?: PageAfter;
  limit: number;
}

/** Per poll and option: how many votes (answers have option_id null and is_answer true). */
export interface VoteCount {
  poll_id: string;
  option_id: string | null;
  is_answer: boolean;
  n: number;
}

export interface PollOptionRepo {
  insert(row: PollOptionRow): Promise<void>;
  get(id: string): Promise<PollOptionRow | undefined>;
  /** Every option of these polls, by position then creation. */
  list(pollIds: readonly string[]): Promise<PollOptionRow[]>;
  update(id: string, patch: Partial<Pick<PollOptionRow, "text" | "position">>): Promise<void>;
  /** Deletes the option and every vote for it. */
  delete(id: string): Promise<void>;
}

export interface PollVoteRepo {
  insert(row: PollVoteRow): Promise<void>;
  get(id: string): Promise<PollVoteRow | undefined>;
  update(
    id: string,
    patch: Partial<Pick<PollVoteRow, "option_id" | "answer_text" | "updated_at">>,
  ): Promise<void>;
  delete(id: string): Promise<void>;
  /** One user's votes and answer on a poll, oldest first. */
  forUser(pollId: string, userId: string): Promise<PollVoteRow[]>;
  /** The given user's votes on each of these polls. */
  ownVotes(pollIds: readonly string[], userId: string): Promise<PollVoteRow[]>;
  counts(pollIds: readonly string[]): Promise<VoteCount[]>;
  /** Up to `perOption` newest votes of every option of these polls. */
  latestByOption(pollIds: readonly string[], perOption: number): Promise<PollVoteRow[]>;
  /** Up to `perPoll` newest answers of each of these polls. */
  latestAnswers(pollIds: readonly string[], perPoll: number): Promise<PollVoteRow[]>;
  page(q: VotePageQuery): Promise<PollVoteRow[]>;
}

export interface PollRepo {
  insert(row: PollRow): Promise<void>;
  get(id: string): Promise<PollRow | undefined>;
  getMany(ids: readonly string[]): Promise<PollRow[]>;
  /** Reads the poll and locks its row until the transaction ends, so writers of one poll queue. */
  lock(id: string): Promise<PollRow | undefined>;
  update(id: string, patch: Partial<Omit<PollRow, "id" | "created_by_id" | "created_at">>): Promise<PollRow>;
  /** Deletes the poll with its options and votes and detaches it from its message. */
  delete(id: string): Promise<void>;
  homes(pollIds: readonly string[]): Promise<PollHome[]>;
  query(q: PollQuery): Promise<PollRow[]>;
  options: PollOptionRepo;
  votes: PollVoteRepo;
}
