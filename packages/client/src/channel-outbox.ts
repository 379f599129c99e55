/**
 * The sending part of a channel: optimistic sends (in the state at once with status "sending",
 * then the server's copy or "failed"), retries with the same id (the server dedupes by it), sends
 * given up, and the resend of what is still pending after a reconnect.
 */
import { type AttachmentResponse, type MessageResponse, newMessageId } from "@parley/protocol";
import { withMessage } from "./channel-state.js";
import type { ChannelStateCell } from "./channel-store.js";
import type { ClientServices, SendMessageInput } from "./channel-types.js";
import { ChatApiError } from "./errors.js";
import { applyNewMessage } from "./message-reducers.js";
import {
  findMessageIndex,
  isChannelVisible,
  pendingMessage,
  placeholderUser,
  setMessageStatus,
  toLocalMessage,
} from "./messages.js";
import type { ThreadInternals } from "./thread.js";
import type { LocalMessage } from "./types.js";

export type OutboxServices = Pick<ClientServices, "user" | "userID" | "sendMessage">;

/** What the outbox asks of the rest of its channel. */
export interface OutboxLinks {
  /** A message held by the channel or one of its threads. */
  findMessage(id: string): LocalMessage | undefined;
  /** The thread a reply belongs to, when the channel holds it. */
  replyThread(message: Pick<MessageResponse, "parent_id">): ThreadInternals | undefined;
  /** Sending a message ends the user's typing (in its thread, for a reply). */
  stopTyping(parentId?: string): void;
}

export class Outbox {
  readonly #store: ChannelStateCell;
  readonly #services: OutboxServices;
  readonly #links: OutboxLinks;
  /** What each unacknowledged send carried, to send it again unchanged. */
  readonly #pending = new Map<string, SendMessageInput & { id: string }>();

  constructor(store: ChannelStateCell, services: OutboxServices, links: OutboxLinks) {
    this.#store = store;
    this.#services = services;
    this.#links = links;
  }

  async send(
    message: SendMessageInput,
    preview: { attachments?: AttachmentResponse[] },
  ): Promise<LocalMessage> {
    const store = this.#store;
    const id = message.id ?? newMessageId();
    const user = this.#services.user ?? placeholderUser(this.#services.userID ?? "");
    const local = pendingMessage(store.cid, id, message, user);
    // The uploaded files show on the pending copy too (the server's copy replaces it).
    if (preview.attachments?.length) local.attachments = preview.attachments;
    this.#pending.set(id, { ...message, id });
    // Thread replies not sent to the channel are not part of the channel's list.
    if (isChannelVisible(local)) store.set(withMessage(store.state, local));
    this.#links.replyThread(local)?.upsert(local);
    this.#links.stopTyping(message.parent_id);
    return this.#deliver(id);
  }

  /** Sends a failed (or still pending) message again with the same id. */
  async retry(id: string): Promise<LocalMessage> {
    const message = this.#links.findMessage(id);
    if (!message) throw new Error(`no message ${id} in ${this.#store.cid}`);
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
  discard(id: string): void {
    const store = this.#store;
    const message = this.#links.findMessage(id);
    if (!message || message.status === "received") return;
    this.#pending.delete(id);
    const messages = store.state.messages.filter((m) => m.id !== id);
    if (messages.length !== store.state.messages.length) store.set({ ...store.state, messages });
    this.#links.replyThread(message)?.drop(id);
  }

  /** After a reconnect: sends again every message still pending or failed for a retryable reason. */
  resendPending(): void {
    const ids = new Set(this.#pending.keys());
    for (const m of this.#store.state.messages) if (m.status !== "received") ids.add(m.id);
    for (const id of ids) {
      const m = this.#links.findMessage(id);
      if (!m || m.status === "received") continue;
      const retryable = m.status === "sending" || (m.error instanceof ChatApiError && m.error.retryable);
      if (retryable) this.retry(m.id).catch(() => {});
    }
  }

  // ---- internals ----

  async #deliver(id: string): Promise<LocalMessage> {
    const store = this.#store;
    const input = this.#pending.get(id) ?? { id, text: "" };
    try {
      const { message } = await this.#services.sendMessage(store.type, store.requireId(), { ...input, id });
      this.#pending.delete(id);
      store.set(applyNewMessage(store.state, message, store.ctx));
      const local = toLocalMessage(message);
      this.#links.replyThread(local)?.upsert(local);
      return this.#links.findMessage(id) ?? toLocalMessage(message);
    } catch (error) {
      const current = this.#links.findMessage(id);
      if (current && current.status !== "received") {
        this.#setStatus(id, "failed", error instanceof Error ? error : new Error(String(error)));
      }
      throw error;
    }
  }

  #setStatus(id: string, status: LocalMessage["status"], error?: Error): void {
    const store = this.#store;
    if (findMessageIndex(store.state.messages, id) !== -1) {
      store.set({ ...store.state, messages: setMessageStatus(store.state.messages, id, status, error) });
    }
    const held = this.#links.findMessage(id);
    if (held) this.#links.replyThread(held)?.setStatus(id, status, error);
  }
}
