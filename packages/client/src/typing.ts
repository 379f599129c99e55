import type { UserResponse } from "@parley/protocol";
import type { TypingEntry } from "./types.js";

/** The key of a typing entry: one per user in the channel, and one per user and thread. */
export function typingKey(userId: string, parentId: string | null): string {
  return parentId ? `${parentId}/${userId}` : userId;
}

/**
 * Incoming typing indicators: each entry lives `timeoutMs` (spec §9: 7 s) after its last
 * `typing.start` unless refreshed; a `typing.stop` removes it at once. A user typing in a thread
 * has an entry of its own, apart from the channel's.
 */
export class TypingIndicators {
  readonly #timers = new Map<string, ReturnType<typeof setTimeout>>();
  readonly #timeoutMs: number;
  readonly #onChange: (key: string, entry: TypingEntry | undefined) => void;

  constructor(timeoutMs: number, onChange: (key: string, entry: TypingEntry | undefined) => void) {
    this.#timeoutMs = timeoutMs;
    this.#onChange = onChange;
  }

  start(user: UserResponse, startedAt: string, parentId: string | null = null): void {
    const key = typingKey(user.id, parentId);
    const existing = this.#timers.get(key);
    if (existing) clearTimeout(existing);
    this.#timers.set(
      key,
      setTimeout(() => {
        this.#timers.delete(key);
        this.#onChange(key, undefined);
      }, this.#timeoutMs),
    );
    this.#onChange(key, { user, started_at: startedAt, parent_id: parentId });
  }

  stop(userId: string, parentId: string | null = null): void {
    const key = typingKey(userId, parentId);
    const existing = this.#timers.get(key);
    if (existing) clearTimeout(existing);
    this.#timers.delete(key);
    this.#onChange(key, undefined);
  }

  /** Forgets every indicator without notifying (the state is being dropped). */
  clear(): void {
    for (const timer of this.#timers.values()) clearTimeout(timer);
    this.#timers.clear();
  }
}

export interface TypingSenderOptions {
  send(type: "typing.start" | "typing.stop"): void;
  /** `typing.start` is sent at most this often while typing (2 s). */
  refreshMs?: number;
  /** `typing.stop` is sent this long after the last keystroke (3 s). */
  stopAfterMs?: number;
  now?: () => number;
}

/** Outgoing typing: throttles `typing.start` and sends `typing.stop` after a pause. */
export class TypingSender {
  #typing = false;
  #lastStart = Number.NEGATIVE_INFINITY;
  #stopTimer: ReturnType<typeof setTimeout> | undefined;
  readonly #options: Required<TypingSenderOptions>;

  constructor(options: TypingSenderOptions) {
    this.#options = { refreshMs: 2_000, stopAfterMs: 3_000, now: () => Date.now(), ...options };
  }

  get typing(): boolean {
    return this.#typing;
  }

  keystroke(): void {
    const now = this.#options.now();
    if (!this.#typing || now - this.#lastStart >= this.#options.refreshMs) {
      this.#lastStart = now;
      this.#typing = true;
      this.#options.send("typing.start");
    }
    if (this.#stopTimer) clearTimeout(this.#stopTimer);
    this.#stopTimer = setTimeout(() => this.stop(), this.#options.stopAfterMs);
  }

  stop(): void {
    if (this.#stopTimer) clearTimeout(this.#stopTimer);
    this.#stopTimer = undefined;
    if (!this.#typing) return;
    this.#typing = false;
    this.#lastStart = Number.NEGATIVE_INFINITY;
    this.#options.send("typing.stop");
  }

  dispose(): void {
    if (this.#stopTimer) clearTimeout(this.#stopTimer);
    this.#stopTimer = undefined;
    this.#typing = false;
  }
}
