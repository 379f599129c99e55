/**
 * Sends messages over the open WebSocket (`send`, answered by `send.ok` or an `error` frame with
 * the same req_id), and over REST when there is no socket, the frame would be too large, or the
 * socket goes away before the answer. A message keeps its id on every path, so a send the server
 * took before the socket dropped is answered with the original, never stored twice.
 */
import {
  type ClientFrame,
  ERROR_STATUS,
  type ErrorCode,
  MAX_FRAME_BYTES,
  type MessageResponse,
  type SendMessageBody,
} from "@parley/protocol";
import { ChatApiError, ChatConnectionError } from "./errors.js";
import type { RestClient } from "./rest.js";

interface Pending {
  resolve(message: MessageResponse): void;
  reject(error: Error): void;
  timer: ReturnType<typeof setTimeout>;
}

export interface MessageSenderDeps {
  rest: RestClient;
  /** Sends a frame on the open socket; false when there is none. */
  sendFrame(frame: ClientFrame): boolean;
  online(): boolean;
  /** How long to wait for `send.ok` before sending over REST instead. */
  timeoutMs(): number;
}

export class MessageSender {
  readonly #deps: MessageSenderDeps;
  readonly #pending = new Map<string, Pending>();
  readonly #encoder = new TextEncoder();
  #counter = 0;

  constructor(deps: MessageSenderDeps) {
    this.#deps = deps;
  }

  async send(
    type: string,
    id: string,
    message: SendMessageBody["message"] & { id: string },
  ): Promise<{ message: MessageResponse }> {
    const answered = await this.#overSocket(`${type}:${id}`, message);
    return answered ? { message: answered } : this.#deps.rest.sendMessage(type, id, message);
  }

  /** The server's copy, or undefined when the frame could not go or its answer never came. */
  async #overSocket(cid: string, message: SendMessageBody["message"]): Promise<MessageResponse | undefined> {
    if (!this.#deps.online()) return undefined;
    this.#counter += 1;
    const reqId = `s${this.#counter}`;
    const frame: ClientFrame = { type: "send", req_id: reqId, cid, message };
    // A frame over the limit would close the socket (1009): such a message goes over REST.
    if (this.#encoder.encode(JSON.stringify(frame)).byteLength > MAX_FRAME_BYTES) return undefined;
    const answer = this.#track(reqId);
    if (!this.#deps.sendFrame(frame)) {
      this.#settle(reqId); // never sent: nobody waits for its answer
      return undefined;
    }
    try {
      return await answer;
    } catch (error) {
      if (error instanceof ChatConnectionError) return undefined;
      throw error;
    }
  }

  /** A `send.ok` frame; false when it answers no send of ours. */
  answered(reqId: string | undefined, message: MessageResponse): boolean {
    const pending = this.#settle(reqId);
    pending?.resolve(message);
    return pending !== undefined;
  }

  /** An `error` frame, as the REST call would have failed; false when it answers no send of ours. */
  refused(
    reqId: string | undefined,
    error: { code: ErrorCode; message: string; fields?: Record<string, string> },
  ): boolean {
    const pending = this.#settle(reqId);
    pending?.reject(
      new ChatApiError(ERROR_STATUS[error.code] ?? 400, error.code, error.message, error.fields),
    );
    return pending !== undefined;
  }

  /** The socket went away: every send waiting for its answer goes over REST instead. */
  connectionLost(): void {
    for (const reqId of [...this.#pending.keys()])
      this.#settle(reqId)?.reject(new ChatConnectionError("offline", "connection lost"));
  }

  #track(reqId: string): Promise<MessageResponse> {
    return new Promise<MessageResponse>((resolve, reject) => {
      const timeoutMs = this.#deps.timeoutMs();
      const timer = setTimeout(() => {
        this.#settle(reqId)?.reject(
          new ChatConnectionError("timeout", `no answer to send ${reqId} within ${timeoutMs} ms`),
        );
      }, timeoutMs);
      this.#pending.set(reqId, { resolve, reject, timer });
    });
  }

  #settle(reqId: string | undefined): Pending | undefined {
    if (reqId === undefined) return undefined;
    const pending = this.#pending.get(reqId);
    if (!pending) return undefined;
    clearTimeout(pending.timer);
    this.#pending.delete(reqId);
    return pending;
  }
}
