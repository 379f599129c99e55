/**
 * Routes the server's frames: watch answers to the waiting requests and channels, channel events
 * to their channel (applied, or dropped by seq), user and ephemeral events to the state they
 * concern; then hands applied events to the client's handlers.
 */
import type { ChatEvent, ServerFrame, UserEvent } from "@parley/protocol";
import { countsAsUnread, isChannelEvent, parseCid } from "@parley/protocol";
import { type Channel, type ChannelInternals, channelInternals } from "./channel.js";
import type { ClientState } from "./client-state.js";
import { ChatFrameError } from "./errors.js";
import type { MessageSender } from "./message-sender.js";
import type { ClientEvent, Logger } from "./types.js";
import { withFreshUser } from "./user-status.js";
import type { WatchOutcome, WatchRequests } from "./watch-requests.js";

export interface FrameRouterDeps {
  channels: ReadonlyMap<string, Channel>;
  watchRequests: WatchRequests;
  /** Sends waiting for their `send.ok` or `error` frame. */
  messages: MessageSender;
  state: ClientState;
  emit(event: ClientEvent): void;
  /** The cached channel object for a cid (created when missing). */
  channel(type: string, id: string): Channel;
  online(): boolean;
  /** Watch channels the user is added to or gets a message in without holding them. */
  watchAddedChannels: boolean;
  /** Asks the server for the unread counts again (GET /unread). */
  refreshUnread(): void;
  logger: Logger;
}

export function routeFrame(frame: ServerFrame, deps: FrameRouterDeps): void {
  switch (frame.type) {
    case "connection.ok":
    case "health.check":
      return;
    case "send.ok":
      deps.messages.answered(frame.req_id, frame.message);
      return;
    case "watch.ok":
      onWatchOutcome(
        { cid: frame.cid, status: "ok", last_seq: frame.last_seq, replayed: frame.replayed },
        deps,
        frame.req_id,
      );
      return;
    case "reset":
      onWatchOutcome({ cid: frame.cid, status: "reset", reason: frame.reason }, deps);
      return;
    case "error": {
      if (deps.messages.refused(frame.req_id, frame)) return;
      const error = new ChatFrameError(frame.code, frame.message, frame.cid);
      const outcomes = deps.watchRequests.fail(frame.req_id, error);
      for (const o of outcomes) internalsOf(deps.channels.get(o.cid))?.onWatchAnswer(o);
      if (outcomes.length === 0)
        deps.logger("warn", "error frame", { code: frame.code, message: frame.message });
      return;
    }
    default:
      routeEvent(frame, deps);
  }
}

function onWatchOutcome(outcome: WatchOutcome, deps: FrameRouterDeps, reqId?: string): void {
  deps.watchRequests.settle(outcome, reqId);
  internalsOf(deps.channels.get(outcome.cid))?.onWatchAnswer(outcome);
}

/** Applies an event to the state it concerns, then hands it to the handlers (unless dropped). */
function routeEvent(event: ChatEvent, deps: FrameRouterDeps): void {
  if (isChannelEvent(event)) {
    const channel = deps.channels.get(event.cid);
    if (channel && !channelInternals(channel).applyChannelEvent(event)) return;
    deps.emit(event);
    return;
  }
  switch (event.type) {
    case "user.presence.changed": {
      const me = deps.state.user;
      if (event.user.id === me?.id) deps.state.setUser({ ...me, ...event.user });
      for (const channel of deps.channels.values()) channelInternals(channel).applyEphemeralEvent(event);
      break;
    }
    case "user.updated": {
      const me = deps.state.user;
      if (event.user.id === me?.id) deps.state.setUser(withFreshUser(me, event.user));
      for (const channel of deps.channels.values()) channelInternals(channel).applyEphemeralEvent(event);
      break;
    }
    case "typing.start":
    case "typing.stop":
      internalsOf(deps.channels.get(event.cid))?.applyEphemeralEvent(event);
      break;
    default:
      routeUserEvent(event, deps);
  }
  deps.emit(event);
}

function routeUserEvent(event: UserEvent, deps: FrameRouterDeps): void {
  const me = deps.state.user;
  if (event.type === "user.muted" || event.type === "user.unmuted") {
    if (!me) return;
    const others = (me.mutes ?? []).filter((id) => id !== event.target_id);
    deps.state.setUser({ ...me, mutes: event.type === "user.muted" ? [...others, event.target_id] : others });
    return;
  }
  if (event.type === "notification.settings_updated") {
    if (me) deps.state.setUser({ ...me, notify: event.notify });
    return;
  }
  let channel = deps.channels.get(event.cid);
  const discovers =
    event.type === "notification.added_to_channel" || event.type === "notification.message_new";
  // A channel held since before the user left it is stale and unwatched: added back, it is
  // watched again like a new one, so its edits and deletions arrive.
  let watchIt = Boolean(channel && !channel.watching && event.type === "notification.added_to_channel");
  if (!channel && discovers) {
    const parsed = parseCid(event.cid);
    if (!parsed) return;
    channel = deps.channel(parsed.type, parsed.id);
    if (event.type === "notification.message_new" && countsAsUnread(event.message, deps.state.userID)) {
      deps.state.addUnheld(1);
    }
    watchIt = true;
  }
  internalsOf(channel)?.applyUserEvent(event);
  // A channel not held that the user lost took its unread, counted only in the server's total.
  const lost =
    event.type === "notification.channel_deleted" || event.type === "notification.removed_from_channel";
  if (!channel && lost) deps.refreshUnread();
  if (channel && watchIt && deps.watchAddedChannels && deps.online()) {
    channel.watch().catch((error: unknown) => {
      deps.logger("warn", "watching a new channel failed", { cid: event.cid, error: String(error) });
    });
  }
  if (event.type === "notification.mark_read") deps.state.setTotal(event.total_unread_count);
}

function internalsOf(channel: Channel | undefined): ChannelInternals | undefined {
  return channel && channelInternals(channel);
}
