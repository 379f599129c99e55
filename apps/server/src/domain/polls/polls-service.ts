import { randomUUID } from "node:crypto";
import {
  type CreatePollBody,
  type PatchPollBody,
  POLL_QUERY_DEFAULT_LIMIT,
  type PollQueryResponse,
  type PollResponse,
  type QueryPollsBody,
  type ReplacePollBody,
} from "@parley/protocol";
import type { PollRow, Repos } from "../../store/store.js";
import { ensure } from "../access.js";
import type { Actor } from "../auth/chat-tokens.js";
import { loadChannel } from "../channels/channel-context.js";
import { iso } from "../clock.js";
import { invalid } from "../errors.js";
import { loadPoll, type PollScope, pollAccess } from "./poll-context.js";
import { decodeCursor, pageOf } from "./poll-cursor.js";
import { idsOf, type PollDeps } from "./poll-deps.js";
import { appendPollEvent } from "./poll-events.js";
import { checkSettings, type PollSettings, patchedSettings, settingsFrom } from "./poll-rules.js";
import { forEvent, pollView, pollViews } from "./poll-view.js";

/** Polls themselves: create, read, edit, close and reopen, delete, query (docs/api.md "Polls"). */
export class PollsService {
  constructor(private readonly d: PollDeps) {}

  async create(actor: Actor, body: CreatePollBody): Promise<PollResponse> {
    ensure("CreatePoll", await pollAccess(this.d.store, actor));
    const settings = settingsFrom(body);
    checkSettings(settings, undefined, false);
    const now = iso(this.d.clock());
    const row: PollRow = {
      id: randomUUID(),
      ...settings,
      created_by_id: actor.userId,
      created_at: now,
      updated_at: now,
    };
    await this.d.store.transaction(async (tx) => {
      await tx.polls.insert(row);
      for (const [i, o] of body.options.entries()) {
        await tx.polls.options.insert({
          id: randomUUID(),
          poll_id: row.id,
          text: o.text,
          position: o.position ?? i,
          created_at: now,
        });
      }
    });
    return pollView(this.d.store, row, actor.userId);
  }

  async get(actor: Actor, id: string): Promise<PollResponse> {
    const { poll } = await loadPoll(this.d.store, this.d.types, actor, id, "ReadPoll");
    return pollView(this.d.store, poll, actor.userId);
  }

  /** PUT: every field replaced; with `options`, the options become exactly those. */
  replace(actor: Actor, body: ReplacePollBody): Promise<PollResponse> {
    return this.edit(actor, body.id, async (tx, scope, now) => {
      if (body.options) await replaceOptions(tx, scope.poll.id, body.options, now);
      return settingsFrom(body);
    });
  }

  /** PATCH: `set` and `unset`; closing is `set: { is_closed: true }`. */
  patch(actor: Actor, id: string, body: PatchPollBody): Promise<PollResponse> {
    return this.edit(actor, id, async (_tx, scope) => patchedSettings(scope.poll, body));
  }

  async delete(actor: Actor, id: string): Promise<void> {
    const now = iso(this.d.clock());
    await this.d.store.transaction(async (tx) => {
      const scope = await loadPoll(tx, this.d.types, actor, id, "UpdatePoll", true);
      const view = await pollView(tx, scope.poll, null);
      await appendPollEvent(tx, scope, now, { type: "poll.deleted", poll: forEvent(view) });
      await tx.polls.delete(id);
    });
  }

  async query(actor: Actor, body: QueryPollsBody): Promise<PollQueryResponse> {
    ensure("QueryPolls", await pollAccess(this.d.store, actor));
    const sort = body.sort?.[0] ?? { field: "created_at" as const, direction: -1 as const };
    const limit = body.limit ?? POLL_QUERY_DEFAULT_LIMIT;
    const f = body.filter ?? {};
    const name = f.name;
    const cids = f.cid === undefined ? undefined : typeof f.cid === "string" ? [f.cid] : f.cid.$in;
    // Asking for a channel's polls needs read access to it, like reading its messages.
    for (const cid of cids ?? []) await loadChannel(this.d.store, this.d.types, actor, cid, "ReadChannel");
    const rows = await this.d.store.polls.query({
      viewerId: actor.userId,
      ids: idsOf(f.id),
      createdByIds: idsOf(f.created_by_id),
      cids,
      nameEquals: typeof name === "string" ? name : name && "$eq" in name ? name.$eq : undefined,
      namePrefix:
        name && typeof name !== "string" && "$autocomplete" in name ? name.$autocomplete : undefined,
      flags: {
        is_closed: f.is_closed,
        enforce_unique_vote: f.enforce_unique_vote,
        allow_answers: f.allow_answers,
        allow_user_suggested_options: f.allow_user_suggested_options,
      },
      votingVisibility: f.voting_visibility,
      sortField: sort.field,
      direction: sort.direction,
      after: decodeCursor(body.next, sort),
      limit: limit + 1,
    });
    const page = pageOf(rows, limit, sort, (r) => ({ value: r[sort.field], id: r.id }));
    const polls = await pollViews(this.d.store, page.rows, actor.userId);
    return page.next ? { polls, next: page.next } : { polls };
  }

  /** One edit of a poll's settings: checked, stored, announced as `poll.closed` or `poll.updated`. */
  private async edit(
    actor: Actor,
    id: string,
    apply: (tx: Repos, scope: PollScope, now: string) => Promise<PollSettings>,
  ): Promise<PollResponse> {
    const now = iso(this.d.clock());
    return this.d.store.transaction(async (tx) => {
      const scope = await loadPoll(tx, this.d.types, actor, id, "UpdatePoll", true);
      const next = await apply(tx, scope, now);
      const hasVotes = (await tx.polls.votes.counts([id])).length > 0;
      checkSettings(next, scope.poll, hasVotes);
      const row = await tx.polls.update(id, { ...next, updated_at: now });
      const view = await pollView(tx, row, actor.userId);
      const closing = !scope.poll.is_closed && row.is_closed;
      await appendPollEvent(tx, scope, now, {
        type: closing ? "poll.closed" : "poll.updated",
        poll: forEvent(view),
      });
      return view;
    });
  }
}

/** Keeps the listed options (by id), drops the others with their votes, adds those without id. */
async function replaceOptions(
  tx: Repos,
  pollId: string,
  options: NonNullable<ReplacePollBody["options"]>,
  now: string,
): Promise<void> {
  const existing = new Set((await tx.polls.options.list([pollId])).map((o) => o.id));
  const kept = new Set<string>();
  options.forEach((o, i) => {
    if (o.id === undefined) return;
    if (!existing.has(o.id)) throw invalid(`options.${i}.id`, `option ${o.id} is not an option of this poll`);
    if (kept.has(o.id)) throw invalid(`options.${i}.id`, `option ${o.id} is listed twice`);
    kept.add(o.id);
  });
  for (const id of existing) if (!kept.has(id)) await tx.polls.options.delete(id);
  for (const [i, o] of options.entries()) {
    const position = o.position ?? i;
    if (o.id) await tx.polls.options.update(o.id, { text: o.text, position });
    else
      await tx.polls.options.insert({
        id: randomUUID(),
        poll_id: pollId,
        text: o.text,
        position,
        created_at: now,
      });
  }
}
