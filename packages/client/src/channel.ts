/**
 * A stateful channel: watching, paging, optimistic sends, typing and the channel actions. Its
 * state changes only by applying events and the REST answers of the current user's own actions
 * (deduplicated with the events by id and seq); UIs subscribe and render snapshots.
 */
import {
  type AttachmentResponse,
  type ChannelQueryBody,
  type ChannelResponse,
  type ChannelStateResponse,
  newMessageId,
} from "@parley/protocol";
import { ChannelConversation } from "./channel-conversation.js";
import {
  applyAroundPage,
  applyNewerPage,
  applyOlderPage,
  applyOwnRead,
  withChannelData,
  withMembers,
  withMembershipFlags,
  withMessage,
  withoutMembership,
} from "./channel-state.js";
import type {
  ChannelData,
  ChannelHost,
  ChannelQueryOptions,
  SendMessageInput,
  WatchOptions,
} from "./channel-types.js";
import { ChatApiError } from "./errors.js";
import { applyNewMessage, applyTruncation } from "./message-reducers.js";
import {
  findMessageIndex,
  isChannelVisible,
  pendingMessage,
  placeholderUser,
  setMessageStatus,
  toLocalMessage,
} from "./messages.js";
import type { LocalMessage } from "./types.js";

export type { ChannelData, ChannelHost, ChannelQueryOptions, SendMessageInput, WatchOptions };

export class Channel extends ChannelConversation {
  readonly #creationData: ChannelData;
  /** What each unacknowledged send carried, to send it again unchanged. */
  readonly #pending = new Map<string, SendMessageInput & { id: string }>();

  constructor(host: ChannelHost, type: string, id: string | undefined, data: ChannelData = {}) {
    super(host, type, id);
    this.#creationData = data;
  }

  // ---- loading and watching ----

  /** Queries (creating when missing) and starts receiving the channel's events. */
  async watch(options: WatchOptions = {}): Promise<ChannelStateResponse> {
    const messageLimit = options.messageLimit ?? this.host.pageSize;
    const body: ChannelQueryBody = { messages: { limit: messageLimit } };
    const data = this.#dataForCreate();
    if (data) body.data = data;
    if (options.create === false) body.create = false;
    const response = await this.queryAndApply(body, messageLimit);
    this._setWatching(true);
    const outcomes = await this.host.watch([this]);
    const failed = outcomes.find((o) => o.cid === this.cid && o.status === "error");
    if (failed && failed.status === "error") {
      this._setWatching(false);
      throw failed.error;
    }
    return response;
  }

  async stopWatching(): Promise<void> {
    if (!this.watching) return;
    this._setWatching(false);
    this.host.unwatch(this);
  }

  /**
   * Queries the channel. With `messages.id_lt` (or id_gt / id_around) it loads that page and merges
   * it into the messages (older pages are prepended, no duplicates); without, it refreshes the state.
   */
  async query(options: ChannelQueryOptions = {}): Promise<ChannelStateResponse> {
    const pagination = options.messages;
    if (pagination && (pagination.id_lt || pagination.id_gt || pagination.id_around)) {
      const limit = pagination.limit ?? this.host.pageSize;
      const response = await this.host.rest.queryChannel(this.type, this.requireId(), {
        create: false,
        messages: { ...pagination, limit },
      });
      if (pagination.id_around) {
        this.setState(applyAroundPage(this.state, response.messages, pagination.id_around, limit));
      } else {
        this.setState(
          applyOlderPage(this.state, response.messages, pagination.id_lt ? limit : Number.MAX_SAFE_INTEGER),
        );
      }
      return response;
    }
    const messageLimit = pagination?.limit ?? this.host.pageSize;
    const body: ChannelQueryBody = { messages: { limit: messageLimit } };
    const data = this.#dataForCreate();
    if (data) body.data = data;
    return this.queryAndApply(body, messageLimit);
  }

  /**
   * Loads history around a message (to open the channel at it). Far back, the window is kept
   * apart from the newest messages, with `state.gapAfter` marking the hole `loadNewer` fills.
   */
  async loadAround(messageId: string, limit = this.host.pageSize): Promise<void> {
    const response = await this.host.rest.queryChannel(this.type, this.requireId(), {
      create: false,
      messages: { id_around: messageId, limit },
    });
    this.setState(applyAroundPage(this.state, response.messages, messageId, limit));
  }

  /** Leaves a window opened far back: only the newest messages (after the hole) stay. */
  dropWindow(): void {
    const at = this.state.messages.findIndex((m) => m.id === this.state.gapAfter);
    if (at === -1) return;
    this.setState({
      ...this.state,
      messages: this.state.messages.slice(at + 1),
      gapAfter: null,
      hasMoreOlder: true,
    });
  }

  /** Loads the page after `state.gapAfter`. Resolves with the number of messages loaded. */
  async loadNewer(limit = this.host.pageSize): Promise<number> {
    const after = this.state.gapAfter;
    if (!after) return 0;
    const response = await this.host.rest.queryChannel(this.type, this.requireId(), {
      create: false,
      messages: { id_gt: after, limit },
    });
    if (this.state.gapAfter === after) this.setState(applyNewerPage(this.state, response.messages, limit));
    return response.messages.length;
  }

  /** Loads the page before the oldest message held. Resolves with the number of messages loaded. */
  async loadOlder(limit = this.host.pageSize): Promise<number> {
    const oldest = this.state.messages.find((m) => m.status === "received");
    if (!oldest) return 0;
    const response = await this.query({ messages: { id_lt: oldest.id, limit } });
    return response.messages.length;
  }

  // ---- messages ----

  /**
   * Sends a message optimistically: it is in the state at once with status "sending", replaced by
   * the server's copy ("received"), or marked "failed" (then `retrySend(id)`). The id is generated
   * here, so retries never duplicate (the server dedupes by id).
   */
  async sendMessage(
    message: SendMessageInput,
    preview: { attachments?: AttachmentResponse[] } = {},
  ): Promise<LocalMessage> {
    const id = message.id ?? newMessageId();
    const user = this.host.user ?? placeholderUser(this.host.userID ?? "");
    const local = pendingMessage(this.cid, id, message, user);
    // The uploaded files show on the pending copy too (the server's copy replaces it).
    if (preview.attachments?.length) local.attachments = preview.attachments;
    this.#pending.set(id, { ...message, id });
    // Thread replies not sent to the channel are not part of the channel's list.
    if (isChannelVisible(local)) this.setState(withMessage(this.state, local));
    this.trackReply(local);
    this.typingOut(message.parent_id).stop();
    return this.#deliver(id);
  }

  /** Sends a failed (or still pending) message again with the same id. */
  async retrySend(id: string): Promise<LocalMessage> {
    const message = this.findMessage(id);
    if (!message) throw new Error(`no message ${id} in ${this.cid}`);
    if (message.status === "received") return message;
    if (!this.#pending.has(id)) {
      const input: SendMessageInput & { id: string } = { id, text: message.text };
      if (message.parent_id) input.parent_id = message.parent_id;
      if (message.show_in_channel) input.show_in_channel = true;
      if (message.mentioned_users.length) input.mentioned_users = [...message.mentioned_users];
      if (message.attachments.length) input.attachments = message.attachments.map((a) => a.id);
      this.#pending.set(id, input);
    }
    this.#setStatus(id, "sending");
    return this.#deliver(id);
  }

  /** Gives up a message that was never sent (failed, or still pending): it leaves the state. */
  discardMessage(id: string): void {
    const message = this.findMessage(id);
    if (!message || message.status === "received") return;
    this.#pending.delete(id);
    const messages = this.state.messages.filter((m) => m.id !== id);
    if (messages.length !== this.state.messages.length) this.setState({ ...this.state, messages });
    this.threadOfReply(message)?._drop(id);
  }

  async updateMessage(id: string, text: string): Promise<LocalMessage> {
    const { message } = await this.host.rest.updateMessage(id, text);
    return this.applyOwnMessage(message);
  }

  async deleteMessage(id: string): Promise<LocalMessage> {
    const { message } = await this.host.rest.deleteMessage(id);
    return this.applyOwnMessage(message);
  }

  async markRead(options: { message_id?: string } = {}): Promise<void> {
    const { read } = await this.host.rest.markRead(this.type, this.requireId(), options.message_id);
    this.setState(applyOwnRead(this.state, read, this.ctx));
  }

  // ---- typing ----

  /**
   * Call on every keystroke — with the thread's parent id when typing in a thread: `typing.start`
   * at most every 2 s, `typing.stop` 3 s after the last one.
   */
  keystroke(parentId?: string): void {
    this.typingOut(parentId).keystroke();
  }

  stopTyping(parentId?: string): void {
    this.typingOut(parentId).stop();
  }

  // ---- channel actions ----

  async update(set: { name?: string; image?: string }): Promise<ChannelResponse> {
    const { channel } = await this.host.rest.updateChannel(this.type, this.requireId(), set);
    this.setState(withChannelData(this.state, channel));
    return channel;
  }

  async addMembers(userIds: string[]): Promise<void> {
    const { channel, members } = await this.host.rest.updateMembers(this.type, this.requireId(), {
      add: userIds,
    });
    const next = withChannelData(this.state, channel);
    this.setState(
      withMembers(
        next,
        members.filter((m) => userIds.includes(m.user_id)),
        [],
        this.ctx,
      ),
    );
  }

  async removeMembers(userIds: string[]): Promise<void> {
    const { channel } = await this.host.rest.updateMembers(this.type, this.requireId(), {
      remove: userIds,
    });
    this.setState(withMembers(withChannelData(this.state, channel), [], userIds, this.ctx));
  }

  /** Makes members channel moderators, or plain members again (the owner and admins may). */
  async assignRoles(
    roles: { user_id: string; channel_role: "channel_member" | "channel_moderator" }[],
  ): Promise<void> {
    const { channel, members } = await this.host.rest.updateMembers(this.type, this.requireId(), {
      assign_roles: roles,
    });
    const changed = new Set(roles.map((r) => r.user_id));
    const next = withChannelData(this.state, channel);
    this.setState(
      withMembers(
        next,
        members.filter((m) => changed.has(m.user_id)),
        [],
        this.ctx,
      ),
    );
  }

  /** Joins a `team` channel; what the user may do there is then fetched again. */
  async join(): Promise<void> {
    const { channel, member } = await this.host.rest.joinChannel(this.type, this.requireId());
    let next = withMembers(withChannelData(this.state, channel), [member], [], this.ctx);
    if (member.user_id === this.host.userID && !next.membership) {
      next = { ...next, membership: { ...member, muted: false, hidden: false } };
    }
    this.setState(next);
    await this.query();
  }

  async leave(): Promise<void> {
    await this.host.rest.leaveChannel(this.type, this.requireId());
    this.setState(withoutMembership(this.state, this.host.userID));
  }

  /** Hides the channel from the list until its next new message. */
  async hide(): Promise<void> {
    await this.host.rest.hideChannel(this.type, this.requireId());
    this.setState(withMembershipFlags(this.state, { hidden: true }));
  }

  async show(): Promise<void> {
    await this.host.rest.showChannel(this.type, this.requireId());
    this.setState(withMembershipFlags(this.state, { hidden: false }));
  }

  async mute(): Promise<void> {
    await this.host.rest.muteChannel(this.type, this.requireId());
    this.setState(withMembershipFlags(this.state, { muted: true }));
  }

  async unmute(): Promise<void> {
    await this.host.rest.unmuteChannel(this.type, this.requireId());
    this.setState(withMembershipFlags(this.state, { muted: false }));
  }

  async truncate(): Promise<ChannelResponse> {
    const { channel } = await this.host.rest.truncateChannel(this.type, this.requireId());
    this.setState(applyTruncation(this.state, channel, channel.truncated_at ?? channel.updated_at, this.ctx));
    return channel;
  }

  async delete(): Promise<ChannelResponse> {
    const { channel } = await this.host.rest.deleteChannel(this.type, this.requireId());
    this.setState(withChannelData(this.state, channel));
    return channel;
  }

  /** After a reconnect: sends again every message still pending or failed for a retryable reason. */
  _resendPending(): void {
    const ids = new Set(this.#pending.keys());
    for (const m of this.state.messages) if (m.status !== "received") ids.add(m.id);
    for (const id of ids) {
      const m = this.findMessage(id);
      if (!m || m.status === "received") continue;
      const retryable = m.status === "sending" || (m.error instanceof ChatApiError && m.error.retryable);
      if (retryable) this.retrySend(m.id).catch(() => {});
    }
  }

  // ---- internals ----

  async #deliver(id: string): Promise<LocalMessage> {
    const input = this.#pending.get(id) ?? { id, text: "" };
    try {
      const { message } = await this.host.sendMessage(this.type, this.requireId(), { ...input, id });
      this.#pending.delete(id);
      this.setState(applyNewMessage(this.state, message, this.ctx));
      this.trackReply(toLocalMessage(message));
      return this.findMessage(id) ?? toLocalMessage(message);
    } catch (error) {
      const current = this.findMessage(id);
      if (current && current.status !== "received") {
        this.#setStatus(id, "failed", error instanceof Error ? error : new Error(String(error)));
      }
      throw error;
    }
  }

  #setStatus(id: string, status: LocalMessage["status"], error?: Error): void {
    if (findMessageIndex(this.state.messages, id) !== -1) {
      this.setState({ ...this.state, messages: setMessageStatus(this.state.messages, id, status, error) });
    }
    const held = this.findMessage(id);
    if (held) this.threadOfReply(held)?._setStatus(id, status, error);
  }

  #dataForCreate(): ChannelData | undefined {
    const d = this.#creationData;
    if (d.members === undefined && d.name === undefined && d.image === undefined) return undefined;
    const out: ChannelData = {};
    if (d.members !== undefined) out.members = d.members;
    if (d.name !== undefined) out.name = d.name;
    if (d.image !== undefined) out.image = d.image;
    return out;
  }
}
