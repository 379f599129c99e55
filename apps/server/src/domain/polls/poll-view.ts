import {
  POLL_LATEST_VOTES,
  type PollEventPoll,
  type PollOptionResponse,
  type PollResponse,
  type PollVoteResponse,
  type VotingVisibility,
} from "@parley/protocol";
import { groupBy } from "../../lib/group-by.js";
import type { PollHome } from "../../store/poll-store.js";
import type { PollOptionRow, PollRow, PollVoteRow, Repos, UserRow } from "../../store/store.js";
import { toUserResponse } from "../users/serialize.js";

export const isAnonymous = (p: Pick<PollRow, "voting_visibility">) => p.voting_visibility === "anonymous";

/** A vote as anyone may see it: on an anonymous poll it never names its user. */
export function toVoteResponse(
  v: PollVoteRow,
  poll: Pick<PollRow, "voting_visibility">,
  users: ReadonlyMap<string, UserRow>,
): PollVoteResponse {
  const hidden = isAnonymous(poll);
  const user = hidden ? undefined : users.get(v.user_id);
  return {
    id: v.id,
    poll_id: v.poll_id,
    option_id: v.option_id,
    is_answer: v.is_answer,
    answer_text: v.answer_text,
    user_id: hidden ? null : v.user_id,
    user: user ? toUserResponse(user) : null,
    created_at: v.created_at,
    updated_at: v.updated_at,
  };
}

export function toOptionResponse(o: PollOptionRow, voteCount: number): PollOptionResponse {
  return { id: o.id, text: o.text, position: o.position, vote_count: voteCount };
}

export async function usersById(repos: Repos, ids: Iterable<string>): Promise<Map<string, UserRow>> {
  const unique = [...new Set(ids)];
  return new Map((await repos.users.getMany(unique)).map((u) => [u.id, u]));
}

/**
 * Builds the answer for each poll in a few batched queries. `viewerId` fills `own_votes`;
 * null (for events, which every watcher shares) leaves it empty.
 */
export async function pollViews(
  repos: Repos,
  rows: readonly PollRow[],
  viewerId: string | null,
  /** The polls' homes when the caller knows them (a new message renders before it is stored). */
  knownHomes?: readonly PollHome[],
): Promise<PollResponse[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [options, counts, latest, answers, own, homes] = await Promise.all([
    repos.polls.options.list(ids),
    repos.polls.votes.counts(ids),
    repos.polls.votes.latestByOption(ids, POLL_LATEST_VOTES),
    repos.polls.votes.latestAnswers(ids, POLL_LATEST_VOTES),
    viewerId ? repos.polls.votes.ownVotes(ids, viewerId) : Promise.resolve([]),
    knownHomes ?? repos.polls.homes(ids),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const shown = [...latest, ...answers].filter((v) => {
    const poll = byId.get(v.poll_id);
    return poll !== undefined && !isAnonymous(poll);
  });
  const users = await usersById(repos, [...rows.map((r) => r.created_by_id), ...shown.map((v) => v.user_id)]);
  const optionsOf = groupBy(options, (o) => o.poll_id);
  const latestOf = groupBy(latest, (v) => v.poll_id);
  const answersOf = groupBy(answers, (v) => v.poll_id);
  const ownOf = groupBy(own, (v) => v.poll_id);
  const homeOf = new Map(homes.map((h) => [h.poll_id, h]));
  return rows.map((p) => {
    const optionCounts = new Map<string, number>();
    let answersCount = 0;
    for (const c of counts) {
      if (c.poll_id !== p.id) continue;
      if (c.is_answer) answersCount += c.n;
      else if (c.option_id) optionCounts.set(c.option_id, c.n);
    }
    const opts = (optionsOf.get(p.id) ?? []).map((o) => toOptionResponse(o, optionCounts.get(o.id) ?? 0));
    const vote = (v: PollVoteRow) => toVoteResponse(v, p, users);
    const byOption: Record<string, PollVoteResponse[]> = {};
    for (const o of opts) byOption[o.id] = [];
    for (const v of latestOf.get(p.id) ?? []) if (v.option_id) byOption[v.option_id]?.push(vote(v));
    const creator = users.get(p.created_by_id);
    const home = homeOf.get(p.id);
    return {
      id: p.id,
      name: p.name,
      description: p.description,
      options: opts,
      vote_count: opts.reduce((n, o) => n + o.vote_count, 0),
      vote_counts_by_option: Object.fromEntries(opts.map((o) => [o.id, o.vote_count])),
      answers_count: answersCount,
      latest_answers: (answersOf.get(p.id) ?? []).map(vote),
      latest_votes_by_option: isAnonymous(p) ? null : byOption,
      own_votes: (ownOf.get(p.id) ?? []).map(vote),
      is_closed: p.is_closed,
      enforce_unique_vote: p.enforce_unique_vote,
      max_votes_allowed: p.max_votes_allowed,
      allow_answers: p.allow_answers,
      allow_user_suggested_options: p.allow_user_suggested_options,
      voting_visibility: p.voting_visibility as VotingVisibility,
      created_by_id: p.created_by_id,
      created_by: creator ? toUserResponse(creator) : null,
      message_id: home?.message_id ?? null,
      cid: home?.cid ?? null,
      created_at: p.created_at,
      updated_at: p.updated_at,
    };
  });
}

export async function pollView(repos: Repos, row: PollRow, viewerId: string | null): Promise<PollResponse> {
  return (await pollViews(repos, [row], viewerId))[0]!;
}

/** The poll as events carry it. */
export function forEvent(poll: PollResponse): PollEventPoll {
  const { own_votes: _own, ...shared } = poll;
  return shared;
}
