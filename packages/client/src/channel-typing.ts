/**
 * The typing part of a channel: others' typing indicators in the snapshot (`state.typing`, each
 * living 7 s unless refreshed) and the user's own outgoing typing, throttled, one sender for the
 * channel and one per thread typed in.
 */
import type { ClientFrame, EphemeralEvent } from "@parley/protocol";
import { withTyping } from "./channel-state.js";
import type { ChannelStateCell } from "./channel-store.js";
import { TypingIndicators, TypingSender } from "./typing.js";

export type TypingEvent = Extract<EphemeralEvent, { type: "typing.start" | "typing.stop" }>;

export interface TypingDeps {
  /** How long an indicator lives after its last `typing.start`. */
  readonly timeoutMs: number;
  /** Sends a frame on the socket (dropped when there is none). */
  send(frame: ClientFrame): boolean;
}

export class ChannelTyping {
  readonly #store: ChannelStateCell;
  readonly #deps: TypingDeps;
  readonly #incoming: TypingIndicators;
  /** Outgoing typing, one sender for the channel ("") and one per thread typed in. */
  readonly #outgoing = new Map<string, TypingSender>();

  constructor(store: ChannelStateCell, deps: TypingDeps) {
    this.#store = store;
    this.#deps = deps;
    this.#incoming = new TypingIndicators(deps.timeoutMs, (key, entry) =>
      store.set(withTyping(store.state, key, entry)),
    );
  }

  /** Someone else's `typing.start` / `typing.stop`. */
  received(event: TypingEvent): void {
    const parentId = event.parent_id ?? null;
    if (event.type === "typing.start") this.#incoming.start(event.user, event.created_at, parentId);
    else this.#incoming.stop(event.user.id, parentId);
  }

  /** The outgoing typing of the channel, or of the thread of `parentId`. */
  out(parentId?: string): TypingSender {
    const key = parentId ?? "";
    let sender = this.#outgoing.get(key);
    if (!sender) {
      const store = this.#store;
      sender = new TypingSender({
        send: (type) => {
          if (store.id && store.state.channel?.config.typing_events !== false) {
            this.#deps.send({ type, cid: store.cid, ...(parentId ? { parent_id: parentId } : {}) });
          }
        },
      });
      this.#outgoing.set(key, sender);
    }
    return sender;
  }

  /** Stops the outgoing typing timers (the socket dropped, or the channel is dropped). */
  stopSending(): void {
    for (const sender of this.#outgoing.values()) sender.dispose();
    this.#outgoing.clear();
  }

  dispose(): void {
    this.#incoming.clear();
    this.stopSending();
  }
}
