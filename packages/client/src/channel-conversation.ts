/**
 * The conversation part of a channel (docs/api.md "Threads, reactions, pins, history" and
 * "Uploads"): its thread objects, which follow the channel's events; reactions (optimistic, own
 * reactions kept across events); the user's own edits, deletions and pins; edit history; uploads.
 */
import type { ChannelEvent, MessageResponse, MessageVersionResponse } from "@parley/protocol";
import type { ChannelStateCell } from "./channel-store.js";
import type { ClientServices } from "./channel-types.js";
import { applyChangedMessage, withThreadUnread } from "./message-reducers.js";
import { placeholderUser, toLocalMessage } from "./messages.js";
import { hasOwnReaction, withOptimisticReaction } from "./reactions.js";
import { Thread, type ThreadHost, type ThreadInternals, threadInternals } from "./thread.js";
import type { LocalMessage } from "./types.js";
import { Upload, type UploadInput } from "./upload.js";

export type ConversationServices = Pick<
  ClientServices,
  "rest" | "user" | "userID" | "pageSize" | "logger" | "uploadTransport"
>;

export class Conversation {
  readonly #store: ChannelStateCell;
  readonly #services: ConversationServices;
  readonly #threads = new Map<string, Thread>();

  constructor(store: ChannelStateCell, services: ConversationServices) {
    this.#store = store;
    this.#services = services;
  }

  /** The thread of `parentId` (one object per parent, kept while the channel lives). */
  thread(parentId: string): Thread {
    let thread = this.#threads.get(parentId);
    if (!thread) {
      thread = new Thread(this.#threadHost(), parentId);
      this.#threads.set(parentId, thread);
    }
    return thread;
  }

  /** A message held by the channel or one of its threads. */
  findMessage(id: string): LocalMessage | undefined {
    const inChannel = this.#store.state.messages.find((m) => m.id === id);
    if (inChannel) return inChannel;
    for (const thread of this.#threads.values()) {
      const held = threadInternals(thread).holds(id);
      if (held) return held;
    }
    return undefined;
  }

  /** A channel event was applied to the channel: its threads follow it. */
  follow(event: ChannelEvent): void {
    for (const thread of this.#threads.values()) threadInternals(thread).applyEvent(event);
  }

  /** The thread a reply belongs to, when the channel holds it (the reply shows there too). */
  replyThread(message: Pick<MessageResponse, "parent_id">): ThreadInternals | undefined {
    return message.parent_id ? this.#held(message.parent_id) : undefined;
  }

  // ---- reactions ----

  /** Adds (or removes) a reaction of the current user: shown at once, reverted if the server refuses. */
  async react(messageId: string, type: string, add: boolean): Promise<void> {
    const user = this.#services.user ?? placeholderUser(this.#services.userID ?? "");
    this.#mapMessage(messageId, (m) => withOptimisticReaction(m, type, user, add));
    try {
      const { rest } = this.#services;
      const { message } = add
        ? await rest.sendReaction(messageId, type)
        : await rest.deleteReaction(messageId, type);
      // Counts come with the reaction events; the answer says what the user's own reactions are.
      this.#mapMessage(messageId, (m) => ({ ...m, own_reactions: message.own_reactions }));
    } catch (error) {
      this.#mapMessage(messageId, (m) => withOptimisticReaction(m, type, user, !add));
      throw error;
    }
  }

  /** Adds the reaction, or removes it when the user already has it. */
  async toggleReaction(messageId: string, type: string): Promise<void> {
    const message = this.findMessage(messageId);
    await this.react(messageId, type, !(message && hasOwnReaction(message, type)));
  }

  // ---- the user's own edits, deletions and pins ----

  async updateMessage(id: string, text: string): Promise<LocalMessage> {
    const { message } = await this.#services.rest.updateMessage(id, text);
    return this.#applyOwnMessage(message);
  }

  async deleteMessage(id: string): Promise<LocalMessage> {
    const { message } = await this.#services.rest.deleteMessage(id);
    return this.#applyOwnMessage(message);
  }

  async pinMessage(messageId: string): Promise<LocalMessage> {
    const { message } = await this.#services.rest.pinMessage(messageId);
    return this.#applyOwnMessage(message);
  }

  async unpinMessage(messageId: string): Promise<LocalMessage> {
    const { message } = await this.#services.rest.unpinMessage(messageId);
    return this.#applyOwnMessage(message);
  }

  // ---- reads, uploads ----

  /** The channel's pinned messages, most recently pinned first. */
  async getPinnedMessages(): Promise<MessageResponse[]> {
    const store = this.#store;
    const { messages } = await this.#services.rest.getPinnedMessages(store.type, store.requireId());
    return messages;
  }

  /** Every version of a message's text, the current one included (newest first by default). */
  async getMessageHistory(messageId: string, direction: 1 | -1): Promise<MessageVersionResponse[]> {
    const { message_history } = await this.#services.rest.getMessageHistory({
      filter: { message_id: messageId },
      sort: [{ field: "created_at", direction }],
    });
    return message_history;
  }

  /** Uploads a file to the channel (progress, cancel). */
  uploadFile(input: UploadInput): Upload {
    const { rest, uploadTransport } = this.#services;
    const store = this.#store;
    const url = rest.uploadURL(store.type, store.requireId());
    return new Upload(uploadTransport, url, rest.authHeaders(), input, rest.answerCheck("uploadFile"));
  }

  // ---- internals ----

  /** The answer of the user's own edit, delete or pin: applied to the channel and its threads. */
  #applyOwnMessage(message: MessageResponse): LocalMessage {
    const store = this.#store;
    store.set(applyChangedMessage(store.state, message, store.ctx));
    const local = this.findMessage(message.id) ?? toLocalMessage(message);
    this.replyThread(message)?.upsert(toLocalMessage(message));
    if (message.parent_id === null) this.#held(message.id)?.upsert(toLocalMessage(message));
    return local;
  }

  #held(parentId: string): ThreadInternals | undefined {
    const thread = this.#threads.get(parentId);
    return thread && threadInternals(thread);
  }

  #mapMessage(id: string, update: (message: LocalMessage) => LocalMessage): void {
    const store = this.#store;
    const at = store.state.messages.findIndex((m) => m.id === id);
    const held = store.state.messages[at];
    if (held) {
      const messages = store.state.messages.slice();
      messages[at] = update(held);
      store.set({ ...store.state, messages });
    }
    for (const thread of this.#threads.values()) threadInternals(thread).map(id, update);
  }

  #threadHost(): ThreadHost {
    const services = this.#services;
    const store = this.#store;
    return {
      get rest() {
        return services.rest;
      },
      get userID() {
        return services.userID;
      },
      pageSize: services.pageSize,
      logger: services.logger,
      heldMessage: (id) => store.state.messages.find((m) => m.id === id),
      threadRead: (parentId) => store.set(withThreadUnread(store.state, { [parentId]: 0 })),
    };
  }
}
