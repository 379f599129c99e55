/**
 * The sync part of a channel: loading and watching it, and applying what the server sends it —
 * channel events by seq (dropped at or below the last one, a gap re-watches), user and ephemeral
 * events, query answers — and refetching it when the server cannot replay.
 */
import type {
  ChannelEvent,
  ChannelQueryBody,
  ChannelStateResponse,
  EphemeralEvent,
  UserEvent,
} from "@parley/protocol";
import { applyChannelEvent, applyUserEvent } from "./channel-events.js";
import { applyQueryResponse, withoutMembership } from "./channel-state.js";
import type { ChannelStore } from "./channel-store.js";
import type { ChannelData, ClientServices, WatchOptions } from "./channel-types.js";
import type { TypingEvent } from "./channel-typing.js";
import { ChatApiError, ChatNetworkError } from "./errors.js";
import { SeqTracker } from "./seq-tracker.js";
import { withFreshUser } from "./user-status.js";
import type { WatchOutcome } from "./watch-requests.js";

/** How a query answer is applied: merged, replacing the state (a refetch), or only its user flags. */
export type AnswerMode = "merge" | "force" | "flags-only";

export type SyncServices = Pick<ClientServices, "rest" | "userID" | "pageSize" | "logger">;

/** What the sync part asks of the channel it belongs to. */
export interface SyncLinks {
  /** Sends a `watch` frame for the channel (since = its last seq) and waits for the answer. */
  watch(): Promise<WatchOutcome[]>;
  unwatch(): void;
  /** The channel learned its id (a member-set channel): the client must route it events. */
  register(): void;
  /** A channel event was applied to the snapshot (the threads follow it). */
  applied(event: ChannelEvent): void;
  /** Someone else's typing. */
  typing(event: TypingEvent): void;
}

export class ChannelSync {
  readonly #store: ChannelStore;
  readonly #services: SyncServices;
  readonly #links: SyncLinks;
  readonly #creationData: ChannelData;
  readonly #seq: SeqTracker;
  #watching = false;
  #refetching: Promise<void> | undefined;

  constructor(store: ChannelStore, services: SyncServices, links: SyncLinks, creationData: ChannelData) {
    this.#store = store;
    this.#services = services;
    this.#links = links;
    this.#creationData = creationData;
    this.#seq = new SeqTracker({
      lastSeq: () => store.state.lastSeq,
      rewatch: () => {
        if (this.#watching) links.watch().catch(() => {});
      },
      refetch: () => void this.refetch(),
    });
  }

  get watching(): boolean {
    return this.#watching;
  }

  setWatching(watching: boolean): void {
    this.#watching = watching;
  }

  /** Queries (creating when missing) and starts receiving the channel's events. */
  async watch(options: WatchOptions): Promise<ChannelStateResponse> {
    const messageLimit = options.messageLimit ?? this.#services.pageSize;
    const body = this.#queryBody(messageLimit);
    if (options.create === false) body.create = false;
    const response = await this.#queryAndApply(body, messageLimit);
    this.#watching = true;
    const outcomes = await this.#links.watch();
    const failed = outcomes.find((o) => o.cid === this.#store.cid && o.status === "error");
    if (failed && failed.status === "error") {
      this.#watching = false;
      throw failed.error;
    }
    return response;
  }

  stopWatching(): void {
    if (!this.#watching) return;
    this.#watching = false;
    this.#links.unwatch();
  }

  /** Queries the channel (creating it when missing) and refreshes the state with the answer. */
  query(messageLimit = this.#services.pageSize): Promise<ChannelStateResponse> {
    return this.#queryAndApply(this.#queryBody(messageLimit), messageLimit);
  }

  /** Applies a channel event if its seq is the next one. Returns whether it was applied. */
  applyChannelEvent(event: ChannelEvent): boolean {
    const store = this.#store;
    if (!store.state.initialized) return false;
    const verdict = this.#seq.verdict(event.seq);
    if (verdict === "gap") {
      this.#services.logger("info", "seq gap: resyncing", {
        cid: store.cid,
        last: store.state.lastSeq,
        got: event.seq,
      });
    }
    if (verdict !== "apply") return false;
    const userID = this.#services.userID;
    if (event.type === "member.removed" && event.member.user_id === userID) this.#watching = false;
    // What the user may do here follows their channel role: it is fetched again.
    if (event.type === "member.updated" && event.member.user_id === userID)
      void this.#refreshCapabilities().catch(() => undefined);
    store.set(applyChannelEvent(store.state, event, store.ctx));
    this.#links.applied(event);
    store.emit(event);
    return true;
  }

  applyUserEvent(event: UserEvent): void {
    // A ban in the channel takes writing away (and lifting it gives it back): fetched again.
    if (
      (event.type === "user.banned" || event.type === "user.unbanned") &&
      event.ban.user_id === this.#services.userID
    )
      void this.#refreshCapabilities().catch(() => undefined);
    this.#store.set(applyUserEvent(this.#store.state, event, this.#store.ctx));
    this.#store.emit(event);
  }

  applyEphemeralEvent(event: EphemeralEvent): void {
    const store = this.#store;
    if (event.type === "user.presence.changed") {
      const member = store.state.members[event.user.id];
      if (member) {
        store.set({
          ...store.state,
          members: { ...store.state.members, [member.user_id]: { ...member, user: event.user } },
        });
      }
      return;
    }
    if (event.type === "user.updated") {
      const member = store.state.members[event.user.id];
      if (member) {
        const user = withFreshUser(member.user, event.user);
        store.set({
          ...store.state,
          members: { ...store.state.members, [member.user_id]: { ...member, user } },
        });
      }
      return;
    }
    if (event.user.id === this.#services.userID) return;
    this.#links.typing(event);
    store.emit(event);
  }

  /** Applies a query answer coming from `client.queryChannels`, a query or a refetch. */
  applyQueryResponse(
    response: ChannelStateResponse,
    messageLimit: number,
    mode: AnswerMode = "merge",
    preview = false,
  ): void {
    const store = this.#store;
    if (!store.id) {
      store.setId(response.channel.id);
      this.#links.register();
    }
    const base = mode === "force" ? { ...store.state, initialized: false } : store.state;
    this.#seq.saw(response.last_seq);
    store.set(
      applyQueryResponse(base, response, store.ctx, {
        messageLimit,
        flagsOnly: mode === "flags-only",
        preview,
      }),
    );
  }

  /** The server cannot replay (reset) or resync failed: reload the channel and watch from its last_seq. */
  refetch(): Promise<void> {
    if (this.#refetching) return this.#refetching;
    this.#refetching = (async () => {
      const store = this.#store;
      try {
        const limit = this.#services.pageSize;
        const response = await this.#services.rest.queryChannel(store.type, store.requireId(), {
          create: false,
          messages: { limit },
        });
        this.#seq.resetTo(response.last_seq);
        this.applyQueryResponse(response, limit, "force");
        if (this.#watching) await this.#links.watch();
      } catch (error) {
        if (error instanceof ChatApiError && (error.status === 403 || error.status === 404)) {
          this.#watching = false;
          store.set(withoutMembership(store.state, this.#services.userID));
        } else {
          this.#services.logger("warn", "channel refetch failed", { cid: store.cid, error: String(error) });
        }
      } finally {
        this.#refetching = undefined;
      }
    })();
    return this.#refetching;
  }

  /** A watch frame for this channel is being sent (+1), or could not be sent after all (-1). */
  watchSent(delta: 1 | -1): void {
    this.#seq.watchSent(delta);
  }

  onWatchAnswer(outcome: WatchOutcome): void {
    this.#seq.onAnswer(outcome);
  }

  /** The socket dropped: watch frames sent on it will never be answered. */
  connectionLost(): void {
    this.#seq.connectionLost();
  }

  // ---- internals ----

  async #queryAndApply(body: ChannelQueryBody, messageLimit: number): Promise<ChannelStateResponse> {
    const response = await this.#services.rest.queryChannel(this.#store.type, this.#store.id, body);
    this.applyQueryResponse(response, messageLimit);
    if (this.#store.state.preview) {
      // A list's preview newer than this answer came meanwhile: the answer is too old to complete
      // it, so the channel is loaded again as after a reset (the replay brings what follows).
      await this.refetch();
      if (this.#store.state.preview) throw new ChatNetworkError("the channel could not be loaded");
    }
    return response;
  }

  /** What the user may do here, fetched again (their channel role changed). */
  async #refreshCapabilities(): Promise<void> {
    const store = this.#store;
    const response = await this.#services.rest.queryChannel(store.type, store.requireId(), {
      create: false,
      messages: { limit: 0 },
    });
    store.set({ ...store.state, capabilities: response.own_capabilities });
  }

  /** The body of a query that loads the newest page, with the data to create the channel with. */
  #queryBody(messageLimit: number): ChannelQueryBody {
    const body: ChannelQueryBody = { messages: { limit: messageLimit } };
    const d = this.#creationData;
    if (d.members === undefined && d.name === undefined && d.image === undefined) return body;
    const data: ChannelData = {};
    if (d.members !== undefined) data.members = d.members;
    if (d.name !== undefined) data.name = d.name;
    if (d.image !== undefined) data.image = d.image;
    body.data = data;
    return body;
  }
}
