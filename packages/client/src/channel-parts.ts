/**
 * The parts a `Channel` is made of, wired together: each gets from the others only what it
 * needs. The channel holds them and is their public face; the client reaches what it does with a
 * channel (routing events, watch answers, resume) through the `ChannelInternals` built here.
 */
import type { ChannelEvent, ChannelStateResponse, EphemeralEvent, UserEvent } from "@parley/protocol";
import { ChannelActions } from "./channel-actions.js";
import { Conversation } from "./channel-conversation.js";
import { Outbox } from "./channel-outbox.js";
import { ChannelPaging } from "./channel-paging.js";
import { ChannelStore } from "./channel-store.js";
import { type AnswerMode, ChannelSync } from "./channel-sync.js";
import type { ChannelData, ClientServices } from "./channel-types.js";
import { ChannelTyping } from "./channel-typing.js";
import { withThreadUnread } from "./message-reducers.js";
import type { ChannelStateSnapshot } from "./types.js";
import type { WatchOutcome } from "./watch-requests.js";

/** What the client does with a channel; not public API (the package does not export it). */
export interface ChannelInternals {
  /** Applies a channel event if its seq is the next one. Returns whether it was applied. */
  applyChannelEvent(event: ChannelEvent): boolean;
  applyUserEvent(event: UserEvent): void;
  applyEphemeralEvent(event: EphemeralEvent): void;
  /** Applies a query answer coming from `client.queryChannels` or a list re-query. */
  applyQueryResponse(
    response: ChannelStateResponse,
    messageLimit: number,
    mode?: AnswerMode,
    preview?: boolean,
  ): void;
  /** Unread replies per thread, from `GET /unread`. */
  setThreadUnread(counts: Readonly<Record<string, number>>): void;
  /** A watch frame for this channel is being sent (+1), or could not be sent after all (-1). */
  watchSent(delta: 1 | -1): void;
  onWatchAnswer(outcome: WatchOutcome): void;
  /** Reloads the channel over REST and watches it from the answer's last_seq. */
  refetch(): Promise<void>;
  setWatching(watching: boolean): void;
  /** After a reconnect: sends again what is still pending (or failed for a retryable reason). */
  resendPending(): void;
  /** The socket dropped: watch frames sent on it will never be answered, outgoing typing stops. */
  connectionLost(): void;
  /** The client no longer holds the channel: its state stops changing, its handlers are dropped. */
  dispose(): void;
}

/** What the parts ask of the channel object itself (its client, bound to it). */
export interface ChannelSelf {
  /** Sends a `watch` frame for the channel (since = its last seq) and waits for the answer. */
  watch(): Promise<WatchOutcome[]>;
  unwatch(): void;
  /** The channel learned its id (a member-set channel): the client must route it events. */
  register(): void;
  /** The snapshot changed. */
  changed(previous: ChannelStateSnapshot): void;
  /** Queries the channel again (`channel.query()`). */
  reload(): Promise<unknown>;
}

export interface ChannelParts {
  readonly store: ChannelStore;
  readonly sync: ChannelSync;
  readonly conversation: Conversation;
  readonly outbox: Outbox;
  readonly paging: ChannelPaging;
  readonly typing: ChannelTyping;
  readonly actions: ChannelActions;
  readonly internals: ChannelInternals;
}

export function channelParts(
  services: ClientServices,
  self: ChannelSelf,
  type: string,
  id: string | undefined,
  data: ChannelData,
): ChannelParts {
  const store = new ChannelStore(type, id, {
    userID: () => services.userID,
    onError: (error) => services.logger("error", "channel listener threw", { error: String(error) }),
    changed: (previous) => self.changed(previous),
  });
  const typing = new ChannelTyping(store, {
    timeoutMs: services.typingTimeout,
    send: (frame) => services.send(frame),
  });
  const conversation = new Conversation(store, services);
  const sync = new ChannelSync(
    store,
    services,
    {
      watch: () => self.watch(),
      unwatch: () => self.unwatch(),
      register: () => self.register(),
      applied: (event) => conversation.follow(event),
      typing: (event) => typing.received(event),
    },
    data,
  );
  const outbox = new Outbox(store, services, {
    findMessage: (messageId) => conversation.findMessage(messageId),
    replyThread: (message) => conversation.replyThread(message),
    stopTyping: (parentId) => typing.out(parentId).stop(),
  });
  const internals: ChannelInternals = {
    applyChannelEvent: (event) => sync.applyChannelEvent(event),
    applyUserEvent: (event) => sync.applyUserEvent(event),
    applyEphemeralEvent: (event) => sync.applyEphemeralEvent(event),
    applyQueryResponse: (response, limit, mode, preview) =>
      sync.applyQueryResponse(response, limit, mode, preview),
    setThreadUnread: (counts) => store.set(withThreadUnread(store.state, counts)),
    watchSent: (delta) => sync.watchSent(delta),
    onWatchAnswer: (outcome) => sync.onWatchAnswer(outcome),
    refetch: () => sync.refetch(),
    setWatching: (watching) => sync.setWatching(watching),
    resendPending: () => outbox.resendPending(),
    connectionLost: () => {
      sync.connectionLost();
      typing.stopSending();
    },
    dispose: () => {
      store.dispose();
      typing.dispose();
    },
  };
  return {
    store,
    sync,
    conversation,
    outbox,
    paging: new ChannelPaging(store, services),
    typing,
    actions: new ChannelActions(store, services, () => self.reload()),
    internals,
  };
}
