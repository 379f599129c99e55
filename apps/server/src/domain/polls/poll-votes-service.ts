import { randomUUID } from "node:crypto";
import {
  type CastVoteBody,
  ErrorCode,
  POLL_QUERY_DEFAULT_LIMIT,
  type PollResponse,
  type PollVoteResponse,
  type PollVotesResponse,
  type QueryVotesBody,
} from "@parley/protocol";
import type { PollVoteRow, Repos } from "../../store/store.js";
import { ensure } from "../access.js";
import type { Actor } from "../auth/chat-tokens.js";
import { iso } from "../clock.js";
import { DomainError, invalid, notFound } from "../errors.js";
import { loadPoll, type PollScope } from "./poll-context.js";
import { decodeCursor, pageOf } from "./poll-cursor.js";
import { idsOf, type PollDeps } from "./poll-deps.js";
import { appendPollEvent } from "./poll-events.js";
import { ensureOpen } from "./poll-rules.js";
import { forEvent, isAnonymous, pollView, toVoteResponse, usersById } from "./poll-view.js";

export interface VoteChange {
  vote: PollVoteResponse;
  poll: PollResponse;
  /** False when an existing vote was changed, or the same vote cast again. */
  created: boolean;
}

type VoteEventType = "poll.vote_casted" | "poll.vote_changed" | "poll.vote_removed" | "poll.answer_casted";

interface Outcome {
  vote: PollVoteRow;
  /** The event to announce; null when nothing changed. */
  type: VoteEventType | null;
  created: boolean;
}

/** Votes, answers and their removal, on a poll posted in a message (docs/api.md "Polls"). */
export class PollVotesService {
  constructor(private readonly d: PollDeps) {}

  cast(actor: Actor, messageId: string, pollId: string, body: CastVoteBody): Promise<VoteChange> {
    return this.commit(actor, messageId, pollId, async (tx, scope, now) => {
      ensure("CastPollVote", scope.access);
      ensureVotable(scope, "it takes no more votes");
      const { option_id, answer_text } = body.vote;
      return option_id !== undefined
        ? this.voteFor(tx, scope, actor, option_id, now)
        : this.answer(tx, scope, actor, answer_text as string, now);
    });
  }

  remove(actor: Actor, messageId: string, pollId: string, voteId: string): Promise<VoteChange> {
    return this.commit(actor, messageId, pollId, async (tx, scope) => {
      const vote = await tx.polls.votes.get(voteId);
      if (!vote || vote.poll_id !== pollId) throw notFound("vote");
      ensure("RemovePollVote", { ...scope.access, ownerId: vote.user_id });
      ensureVotable(scope, "its votes can no longer be removed");
      await tx.polls.votes.delete(voteId);
      return { vote, type: "poll.vote_removed", created: false };
    });
  }

  async query(actor: Actor, pollId: string, body: QueryVotesBody): Promise<PollVotesResponse> {
    const { poll } = await loadPoll(this.d.store, this.d.types, actor, pollId, "ReadPoll");
    const f = body.filter ?? {};
    const userIds = idsOf(f.user_id);
    if (isAnonymous(poll) && userIds?.some((id) => id !== actor.userId)) {
      throw invalid("filter.user_id", "the votes of an anonymous poll cannot be filtered by another user");
    }
    const sort = body.sort?.[0] ?? { field: "created_at" as const, direction: -1 as const };
    const limit = body.limit ?? POLL_QUERY_DEFAULT_LIMIT;
    const rows = await this.d.store.polls.votes.page({
      pollId,
      ids: idsOf(f.id),
      optionIds: idsOf(f.option_id),
      userIds,
      isAnswer: f.is_answer,
      sortField: sort.field,
      direction: sort.direction,
      after: decodeCursor(body.next, sort),
      limit: limit + 1,
    });
    const page = pageOf(rows, limit, sort, (r) => ({ value: r[sort.field], id: r.id }));
    const users = await usersById(this.d.store, isAnonymous(poll) ? [] : page.rows.map((r) => r.user_id));
    const votes = page.rows.map((v) => toVoteResponse(v, poll, users));
    return page.next ? { votes, next: page.next } : { votes };
  }

  /** One vote change in a transaction with the poll locked, with its event. */
  private async commit(
    actor: Actor,
    messageId: string,
    pollId: string,
    apply: (tx: Repos, scope: PollScope, now: string) => Promise<Outcome>,
  ): Promise<VoteChange> {
    const now = iso(this.d.clock());
    return this.d.store.transaction(async (tx) => {
      const scope = await votingScope(tx, this.d, actor, messageId, pollId);
      const outcome = await apply(tx, scope, now);
      const poll = await pollView(tx, scope.poll, actor.userId);
      const users = await usersById(tx, [outcome.vote.user_id]);
      const vote = toVoteResponse(outcome.vote, scope.poll, users);
      if (outcome.type)
        await appendPollEvent(tx, scope, now, { type: outcome.type, poll: forEvent(poll), poll_vote: vote });
      return { vote, poll, created: outcome.created };
    });
  }

  private async voteFor(
    tx: Repos,
    scope: PollScope,
    actor: Actor,
    optionId: string,
    now: string,
  ): Promise<Outcome> {
    const { poll } = scope;
    const option = await tx.polls.options.get(optionId);
    if (!option || option.poll_id !== poll.id) {
      throw invalid("vote.option_id", `option ${optionId} is not an option of this poll`);
    }
    const mine = (await tx.polls.votes.forUser(poll.id, actor.userId)).filter((v) => !v.is_answer);
    const same = mine.find((v) => v.option_id === optionId);
    if (same) return { vote: same, type: null, created: false };
    const [first, ...extra] = mine;
    if (poll.enforce_unique_vote && first) {
      for (const v of extra) await tx.polls.votes.delete(v.id);
      await tx.polls.votes.update(first.id, { option_id: optionId, updated_at: now });
      return {
        vote: { ...first, option_id: optionId, updated_at: now },
        type: "poll.vote_changed",
        created: false,
      };
    }
    if (poll.max_votes_allowed != null && mine.length >= poll.max_votes_allowed) {
      throw new DomainError(
        ErrorCode.badRequest,
        `you can cast at most ${poll.max_votes_allowed} votes in this poll; remove one first`,
      );
    }
    const vote = newVote(poll.id, actor.userId, now, { option_id: optionId });
    await tx.polls.votes.insert(vote);
    return { vote, type: "poll.vote_casted", created: true };
  }

  /** One free-text answer per user; answering again replaces it. */
  private async answer(
    tx: Repos,
    scope: PollScope,
    actor: Actor,
    text: string,
    now: string,
  ): Promise<Outcome> {
    const { poll } = scope;
    if (!poll.allow_answers) throw new DomainError(ErrorCode.badRequest, "this poll does not take answers");
    const prior = (await tx.polls.votes.forUser(poll.id, actor.userId)).find((v) => v.is_answer);
    if (prior) {
      await tx.polls.votes.update(prior.id, { answer_text: text, updated_at: now });
      return {
        vote: { ...prior, answer_text: text, updated_at: now },
        type: "poll.answer_casted",
        created: false,
      };
    }
    const vote = newVote(poll.id, actor.userId, now, { is_answer: true, answer_text: text });
    await tx.polls.votes.insert(vote);
    return { vote, type: "poll.answer_casted", created: true };
  }
}

function newVote(pollId: string, userId: string, now: string, v: Partial<PollVoteRow>): PollVoteRow {
  return {
    id: randomUUID(),
    poll_id: pollId,
    option_id: null,
    user_id: userId,
    is_answer: false,
    answer_text: null,
    created_at: now,
    updated_at: now,
    ...v,
  };
}

/** The message must exist, the actor must see the poll, and the poll must be that message's. */
async function votingScope(
  tx: Repos,
  d: PollDeps,
  actor: Actor,
  messageId: string,
  pollId: string,
): Promise<PollScope> {
  if (!(await tx.messages.get(messageId))) throw notFound("message");
  const scope = await loadPoll(tx, d.types, actor, pollId, "ReadPoll", true);
  if (scope.home?.message.id !== messageId) {
    throw new DomainError(ErrorCode.badRequest, `poll ${pollId} is not attached to message ${messageId}`);
  }
  return scope;
}

/** Votes need a live message and an open poll. */
function ensureVotable(scope: PollScope, what: string): void {
  const m = scope.home?.message;
  if (!m || m.type === "deleted" || m.deleted_at) {
    throw new DomainError(ErrorCode.badRequest, `the message carrying this poll was deleted: ${what}`);
  }
  ensureOpen(scope.poll, what);
}
