/**
 * The conversation features of a channel (docs/api.md "Threads, reactions, pins, history" and
 * "Uploads"): thread objects, reactions (optimistic, own reactions kept across events), pins, edit
 * history and file uploads. `Channel` adds watching, sending and the channel actions.
 */
import type { ChannelEvent, MessageResponse, MessageVersionResponse } from "@parley/protocol";
import { ChannelBase } from "./channel-base.js";
import { applyChangedMessage, withThreadUnread } from "./message-reducers.js";
import { placeholderUser, toLocalMessage } from "./messages.js";
import { hasOwnReaction, withOptimisticReaction } from "./reactions.js";
import { Thread, type ThreadHost } from "./thread.js";
import type { LocalMessage } from "./types.js";
import { Upload, type UploadInput } from "./upload.js";

export abstract class ChannelConversation extends ChannelBase {
  readonly #threads = new Map<string, Thread>();

  /** The thread of `parentId` (one object per parent, kept while the channel lives). */
  thread(parentId: string): Thread {
    let thread = this.#threads.get(parentId);
    if (!thread) {
      thread = new Thread(this.#threadHost(), parentId);
      this.#threads.set(parentId, thread);
    }
    return thread;
  }

  // ---- reactions ----

  /** Adds a reaction of the current user (shown at once; reverted if the server refuses). */
  async sendReaction(messageId: string, type: string): Promise<void> {
    await this.#react(messageId, type, true);
  }

  async deleteReaction(messageId: string, type: string): Promise<void> {
    await this.#react(messageId, type, false);
  }

  /** Adds the reaction, or removes it when the user already has it. */
  async toggleReaction(messageId: string, type: string): Promise<void> {
    const message = this.findMessage(messageId);
    await this.#react(messageId, type, !(message && hasOwnReaction(message, type)));
  }

  // ---- pins ----

  async pinMessage(messageId: string): Promise<LocalMessage> {
    const { message } = await this.host.rest.pinMessage(messageId);
    return this.applyOwnMessage(message);
  }

  async unpinMessage(messageId: string): Promise<LocalMessage> {
    const { message } = await this.host.rest.unpinMessage(messageId);
    return this.applyOwnMessage(message);
  }

  /** The channel's pinned messages, most recently pinned first. */
  async getPinnedMessages(): Promise<MessageResponse[]> {
    const { messages } = await this.host.rest.getPinnedMessages(this.type, this.requireId());
    return messages;
  }

  // ---- history, uploads ----

  /** Every version of a message's text, the current one included (newest first by default). */
  async getMessageHistory(messageId: string, direction: 1 | -1 = -1): Promise<MessageVersionResponse[]> {
    const { message_history } = await this.host.rest.getMessageHistory({
      filter: { message_id: messageId },
      sort: [{ field: "created_at", direction }],
    });
    return message_history;
  }

  /**
   * Uploads a file to the channel (progress, cancel). Attach it by sending a message with
   * `attachments: [upload.state.file.id]`.
   */
  uploadFile(input: UploadInput): Upload {
    const url = this.host.rest.url(
      `/channels/${encodeURIComponent(this.type)}/${encodeURIComponent(this.requireId())}/uploads`,
    );
    return new Upload(this.host.uploadTransport, url, this.host.rest.authHeaders(), input);
  }

  // ---- for Channel and the threads ----

  /** A message held by the channel or one of its threads. */
  findMessage(id: string): LocalMessage | undefined {
    const inChannel = this.state.messages.find((m) => m.id === id);
    if (inChannel) return inChannel;
    for (const thread of this.#threads.values()) {
      const held = thread._holds(id);
      if (held) return held;
    }
    return undefined;
  }

  /** The answer of the user's own edit, delete or pin: applied to the channel and its threads. */
  protected applyOwnMessage(message: MessageResponse): LocalMessage {
    this.setState(applyChangedMessage(this.state, message, this.ctx));
    const local = this.findMessage(message.id) ?? toLocalMessage(message);
    this.threadOfReply(message)?._upsert(toLocalMessage(message));
    if (message.parent_id === null) this.#threads.get(message.id)?._upsert(toLocalMessage(message));
    return local;
  }

  /** The thread a reply belongs to, when the channel holds it. */
  protected threadOfReply(message: Pick<MessageResponse, "parent_id">): Thread | undefined {
    return message.parent_id ? this.#threads.get(message.parent_id) : undefined;
  }

  protected override afterChannelEvent(event: ChannelEvent): void {
    for (const thread of this.#threads.values()) thread._applyEvent(event);
  }

  /** Keeps a reply the user sends visible in its thread (Channel's send path calls this). */
  protected trackReply(local: LocalMessage): void {
    this.threadOfReply(local)?._upsert(local);
  }

  // ---- internals ----

  #mapMessage(id: string, update: (message: LocalMessage) => LocalMessage): void {
    const at = this.state.messages.findIndex((m) => m.id === id);
    const held = this.state.messages[at];
    if (held) {
      const messages = this.state.messages.slice();
      messages[at] = update(held);
      this.setState({ ...this.state, messages });
    }
    for (const thread of this.#threads.values()) thread._map(id, update);
  }

  async #react(messageId: string, type: string, add: boolean): Promise<void> {
    const user = this.host.user ?? placeholderUser(this.host.userID ?? "");
    this.#mapMessage(messageId, (m) => withOptimisticReaction(m, type, user, add));
    try {
      const { message } = add
        ? await this.host.rest.sendReaction(messageId, type)
        : await this.host.rest.deleteReaction(messageId, type);
      // Counts come with the reaction events; the answer says what the user's own reactions are.
      this.#mapMessage(messageId, (m) => ({ ...m, own_reactions: message.own_reactions }));
    } catch (error) {
      this.#mapMessage(messageId, (m) => withOptimisticReaction(m, type, user, !add));
      throw error;
    }
  }

  #threadHost(): ThreadHost {
    const channel = this;
    return {
      get rest() {
        return channel.host.rest;
      },
      get userID() {
        return channel.host.userID;
      },
      pageSize: this.host.pageSize,
      logger: this.host.logger,
      heldMessage: (id) => this.state.messages.find((m) => m.id === id),
      threadRead: (parentId) => this.setState(withThreadUnread(this.state, { [parentId]: 0 })),
    };
  }
}
