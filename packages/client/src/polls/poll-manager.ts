/**
 * The polls of one chat client: one `PollState` per poll id, fed by the client's `poll.*` events
 * (already deduplicated and ordered by channel seq) and by the answers of the user's own calls.
 * `PollManager.of(client)` gives the client's manager (created on first use).
 */
import type { CreatePollBody, MessageResponse, PollResponse, QueryPollsBody } from "@parley/protocol";
import type { Subscription } from "../event-emitter.js";
import type { ClientEvent } from "../types.js";
import * as api from "./poll-api.js";
import { isPollEvent } from "./poll-reducer.js";
import { PollState, pollInternals } from "./poll-state.js";

/** What the manager needs of a chat client (`ChatClient` fits). */
export interface PollHost {
  readonly rest: api.PollRest;
  readonly userID: string | undefined;
  on(type: "all", handler: (event: ClientEvent) => void): Subscription;
}

const managers = new WeakMap<PollHost, PollManager>();

export class PollManager {
  readonly #host: PollHost;
  readonly #polls = new Map<string, PollState>();
  #userID: string | undefined;

  /** The client's poll manager, created on first use. */
  static of(host: PollHost): PollManager {
    let manager = managers.get(host);
    if (!manager) {
      manager = new PollManager(host);
      managers.set(host, manager);
    }
    return manager;
  }

  constructor(host: PollHost) {
    this.#host = host;
    this.#userID = host.userID;
    host.on("all", (event) => this.#onEvent(event));
  }

  get rest(): api.PollRest {
    return this.#host.rest;
  }

  /** The poll's state object, if held. */
  get(pollId: string): PollState | undefined {
    this.#checkUser();
    return this.#polls.get(pollId);
  }

  /** The poll's state object, created (empty until seeded or refreshed) when not held. */
  poll(pollId: string, messageId?: string): PollState {
    this.#checkUser();
    let state = this.#polls.get(pollId);
    if (!state) {
      state = this.#create(pollId, messageId === undefined ? undefined : { messageId });
      this.#polls.set(pollId, state);
    }
    return state;
  }

  /** The state of the poll a message carries (seeded from `message.poll`), or undefined. */
  fromMessage(message: Pick<MessageResponse, "id" | "poll_id" | "poll">): PollState | undefined {
    const pollId = message.poll_id ?? message.poll?.id;
    if (!pollId) return undefined;
    const state = this.poll(pollId, message.id);
    if (message.poll) pollInternals(state).seed(message.poll, message.id);
    return state;
  }

  /** Holds a poll from a REST answer (`create`, `query`); a held poll keeps its newer state. */
  hold(poll: PollResponse): PollState {
    const state = this.poll(poll.id, poll.message_id ?? undefined);
    pollInternals(state).seed(poll, poll.message_id ?? undefined, true);
    return state;
  }

  /** `POST /polls`: creates a poll (post it by sending a message with its `poll_id`). */
  async create(body: CreatePollBody): Promise<PollState> {
    const { poll } = await api.createPoll(this.#host.rest, body);
    return this.hold(poll);
  }

  /** `POST /polls/query`: polls the user may see; each is held. */
  async query(body: QueryPollsBody = {}): Promise<{ polls: PollState[]; next?: string }> {
    const answer = await api.queryPolls(this.#host.rest, body);
    const polls = answer.polls.map((p) => this.hold(p));
    return answer.next === undefined ? { polls } : { polls, next: answer.next };
  }

  /** Re-fetches every poll something listens to (after a reconnect). */
  async refreshWatched(): Promise<void> {
    const watched = [...this.#polls.values()].filter((p) => p.listenerCount > 0 && !p.state.deleted);
    await Promise.allSettled(watched.map((p) => p.refresh()));
  }

  #create(pollId: string, seed?: { messageId?: string }): PollState {
    const host = this.#host;
    return new PollState(
      {
        rest: host.rest,
        get userID() {
          return host.userID;
        },
        onError: () => {},
      },
      pollId,
      seed,
    );
  }

  #onEvent(event: ClientEvent): void {
    this.#checkUser();
    if (isPollEvent(event)) {
      const state = this.#polls.get(event.poll.id);
      if (state) pollInternals(state).applyEvent(event);
      return;
    }
    if (event.type === "connection.recovered") void this.refreshWatched();
  }

  /** A different user on the same client: forget the previous user's polls. */
  #checkUser(): void {
    if (this.#host.userID === this.#userID) return;
    this.#userID = this.#host.userID;
    this.#polls.clear();
  }
}
