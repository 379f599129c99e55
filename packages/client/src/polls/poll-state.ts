/**
 * One poll's live state: seeded from its message or a fetch, then changed only by `poll.*`
 * events and the REST answers of the current user's own calls. UIs subscribe and render the
 * snapshot (`useSyncExternalStore(poll.subscribe, poll.getSnapshot)`).
 */
import type {
  AddPollOptionBody,
  PatchPollBody,
  PollResponse,
  PollVotesResponse,
  QueryVotesBody,
  ReplacePollBody,
  UpdatePollOptionBody,
} from "@parley/protocol";
import { Listeners } from "../event-emitter.js";
import * as api from "./poll-api.js";
import {
  applyPollAnswer,
  applyPollEvent,
  emptyPollSnapshot,
  hideVotersIfAnonymous,
  type PollEvent,
  type PollSnapshot,
} from "./poll-reducer.js";
import { voteActionFor } from "./poll-view.js";

/** What a poll needs from its manager. */
export interface PollContext {
  readonly rest: api.PollRest;
  readonly userID: string | undefined;
  onError(error: unknown): void;
}

/** What the manager does with a poll; not public API (the package does not export it). */
export interface PollInternals {
  /** A `poll.*` event of the poll, in channel order. */
  applyEvent(event: PollEvent): void;
  /** A poll from a message (`fresh` false: it may be older than events already sent) or a query answer. */
  seed(poll: PollResponse, messageId?: string, fresh?: boolean): void;
}

const internals = new WeakMap<PollState, PollInternals>();

/** The manager's handle on one of its polls. */
export function pollInternals(state: PollState): PollInternals {
  const found = internals.get(state);
  if (!found) throw new Error("not a poll of this SDK");
  return found;
}

export class PollState {
  readonly id: string;
  readonly #ctx: PollContext;
  readonly #listeners: Listeners;
  #snapshot: PollSnapshot = emptyPollSnapshot;
  #messageId: string | undefined;
  /** Events applied so far: a REST answer older than an event does not overwrite its counts. */
  #events = 0;
  #fetched = false;

  constructor(ctx: PollContext, id: string, seed?: { poll?: PollResponse; messageId?: string }) {
    this.#ctx = ctx;
    this.id = id;
    this.#listeners = new Listeners(ctx.onError);
    this.#messageId = seed?.messageId ?? seed?.poll?.message_id ?? undefined;
    if (seed?.poll) this.#snapshot = { poll: hideVotersIfAnonymous(seed.poll), deleted: false };
    internals.set(this, {
      applyEvent: (event) => this.#applyEvent(event),
      seed: (poll, messageId, fresh) => this.#seed(poll, messageId, fresh),
    });
  }

  subscribe = (listener: () => void): (() => void) => this.#listeners.subscribe(listener);

  getSnapshot = (): PollSnapshot => this.#snapshot;

  get state(): PollSnapshot {
    return this.#snapshot;
  }

  get poll(): PollResponse | undefined {
    return this.#snapshot.poll;
  }

  /** The message carrying the poll (needed to vote). */
  get messageId(): string | undefined {
    return this.#snapshot.poll?.message_id ?? this.#messageId;
  }

  /**
   * Whether a REST answer about this poll was applied. A poll seeded from a message only may miss
   * events sent before it was held: UIs call `refresh()` once when this is false.
   */
  get fetched(): boolean {
    return this.#fetched;
  }

  get listenerCount(): number {
    return this.#listeners.size;
  }

  // ---- reading ----

  /** Fetches the poll (`GET /polls/{id}`) and applies the answer. */
  refresh(): Promise<PollResponse> {
    return this.#track(api.getPoll(this.#ctx.rest, this.id));
  }

  /** The poll's votes (`POST /polls/{id}/votes`); does not change the state. */
  queryVotes(body: QueryVotesBody = {}): Promise<PollVotesResponse> {
    return api.queryPollVotes(this.#ctx.rest, this.id, body);
  }

  /** The poll's free-text answers, newest first. */
  queryAnswers(
    body: Omit<QueryVotesBody, "filter"> & {
      filter?: Omit<NonNullable<QueryVotesBody["filter"]>, "is_answer">;
    } = {},
  ): Promise<PollVotesResponse> {
    return api.queryPollVotes(this.#ctx.rest, this.id, {
      ...body,
      filter: { ...body.filter, is_answer: true },
    });
  }

  // ---- voting ----

  castVote(optionId: string): Promise<PollResponse> {
    return this.#track(api.castPollVote(this.#ctx.rest, this.#requireMessage(), this.id, optionId));
  }

  removeVote(voteId: string): Promise<PollResponse> {
    return this.#track(api.removePollVote(this.#ctx.rest, this.#requireMessage(), this.id, voteId));
  }

  /** One click on an option: unvote when voted, vote otherwise. Rejects when the poll refuses. */
  toggleVote(optionId: string): Promise<PollResponse> {
    const poll = this.#requirePoll();
    const action = voteActionFor(poll, optionId);
    if (action.kind === "remove") return this.removeVote(action.voteId);
    if (action.kind === "cast") return this.castVote(action.optionId);
    return Promise.reject(
      new Error(action.reason === "closed" ? "the poll is closed" : "you have used all your votes"),
    );
  }

  /** A free-text answer; answering again replaces the previous one. */
  addAnswer(text: string): Promise<PollResponse> {
    return this.#track(api.addPollAnswer(this.#ctx.rest, this.#requireMessage(), this.id, text));
  }

  // ---- options ----

  /** Adds an option (a member's suggestion when the poll allows them). */
  addOption(body: AddPollOptionBody): Promise<PollResponse> {
    return this.#track(api.addPollOption(this.#ctx.rest, this.id, body));
  }

  updateOption(body: UpdatePollOptionBody): Promise<PollResponse> {
    return this.#track(api.updatePollOption(this.#ctx.rest, this.id, body));
  }

  deleteOption(optionId: string): Promise<PollResponse> {
    return this.#track(api.deletePollOption(this.#ctx.rest, this.id, optionId));
  }

  // ---- managing ----

  /** Ends the vote: `PATCH { set: { is_closed: true } }`. */
  close(): Promise<PollResponse> {
    return this.update({ set: { is_closed: true } });
  }

  reopen(): Promise<PollResponse> {
    return this.update({ set: { is_closed: false } });
  }

  update(body: PatchPollBody): Promise<PollResponse> {
    return this.#track(api.patchPoll(this.#ctx.rest, this.id, body));
  }

  replace(body: Omit<ReplacePollBody, "id">): Promise<PollResponse> {
    return this.#track(api.replacePoll(this.#ctx.rest, { ...body, id: this.id }));
  }

  async delete(): Promise<void> {
    await api.deletePoll(this.#ctx.rest, this.id);
    this.#set({ poll: this.#snapshot.poll, deleted: true });
  }

  // ---- for PollManager (through pollInternals) ----

  #applyEvent(event: PollEvent): void {
    this.#events += 1;
    if (!this.#messageId) this.#messageId = event.message_id;
    this.#set(applyPollEvent(this.#snapshot, event, this.#ctx.userID));
  }

  /**
   * A poll from elsewhere, when none is held: a message (`fresh` false: it may be older than
   * events already sent) or a query answer (`fresh`).
   */
  #seed(poll: PollResponse, messageId?: string, fresh = false): void {
    if (messageId && !this.#messageId) this.#messageId = messageId;
    if (this.#snapshot.poll || this.#snapshot.deleted) return;
    if (fresh) this.#fetched = true;
    // Seeding happens while a UI renders a message: listeners hear of it after that render.
    this.#set(applyPollAnswer(this.#snapshot, poll, 0), true);
  }

  /** Applies a poll that came with the answer to one of the user's own calls. */
  #applyAnswer(poll: PollResponse, eventsBefore: number): void {
    this.#fetched = true;
    this.#set(applyPollAnswer(this.#snapshot, poll, this.#events - eventsBefore));
  }

  // ---- internals ----

  async #track(request: Promise<{ poll: PollResponse }>): Promise<PollResponse> {
    const before = this.#events;
    const { poll } = await request;
    this.#applyAnswer(poll, before);
    return this.#snapshot.poll ?? poll;
  }

  #requirePoll(): PollResponse {
    const poll = this.#snapshot.poll;
    if (!poll) throw new Error(`poll ${this.id} is not loaded yet: call refresh() first`);
    return poll;
  }

  #requireMessage(): string {
    const id = this.messageId;
    if (!id) throw new Error(`poll ${this.id} is not posted in a message yet`);
    return id;
  }

  #set(next: PollSnapshot, deferNotify = false): void {
    if (next === this.#snapshot) return;
    this.#snapshot = next;
    if (!deferNotify) this.#listeners.notify();
    else if (this.#listeners.size > 0) queueMicrotask(() => this.#listeners.notify());
  }
}
