/** Tracks `watch` frames until the server answers each cid with `watch.ok`, `reset` or `error`. */
import { ChatConnectionError, type ChatFrameError } from "./errors.js";

export type WatchOutcome =
  | { cid: string; status: "ok"; last_seq: number; replayed: number }
  | { cid: string; status: "reset"; reason: string }
  | { cid: string; status: "error"; error: ChatFrameError };

interface Pending {
  remaining: Set<string>;
  outcomes: WatchOutcome[];
  resolve(outcomes: WatchOutcome[]): void;
  reject(error: Error): void;
  timer: ReturnType<typeof setTimeout>;
}

export class WatchRequests {
  readonly #pending = new Map<string, Pending>();
  #counter = 0;

  nextReqId(): string {
    this.#counter += 1;
    return `w${this.#counter}`;
  }

  /** Waits for an answer for every cid of the frame sent with `reqId`. */
  track(reqId: string, cids: readonly string[], timeoutMs: number): Promise<WatchOutcome[]> {
    return new Promise<WatchOutcome[]>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#pending.delete(reqId);
        reject(new ChatConnectionError("timeout", `no answer to watch ${reqId} within ${timeoutMs} ms`));
      }, timeoutMs);
      this.#pending.set(reqId, { remaining: new Set(cids), outcomes: [], resolve, reject, timer });
    });
  }

  /** Records one cid's answer: by `reqId` when the server echoed it, else the oldest request waiting for the cid. */
  settle(outcome: WatchOutcome, reqId?: string): void {
    const key = reqId && this.#pending.has(reqId) ? reqId : this.#findByCid(outcome.cid);
    if (!key) return;
    const pending = this.#pending.get(key)!;
    if (!pending.remaining.delete(outcome.cid)) return;
    pending.outcomes.push(outcome);
    if (pending.remaining.size === 0) {
      clearTimeout(pending.timer);
      this.#pending.delete(key);
      pending.resolve(pending.outcomes);
    }
  }

  /** An `error` frame: settles the named cid, or every cid of the request. Returns the outcomes settled. */
  fail(reqId: string | undefined, error: ChatFrameError): WatchOutcome[] {
    const key =
      reqId && this.#pending.has(reqId) ? reqId : error.cid ? this.#findByCid(error.cid) : undefined;
    if (!key) return [];
    const pending = this.#pending.get(key)!;
    const cids = error.cid ? [error.cid] : [...pending.remaining];
    const outcomes: WatchOutcome[] = cids.map((cid) => ({ cid, status: "error", error }));
    for (const outcome of outcomes) this.settle(outcome, key);
    return outcomes;
  }

  /** The frame could not be sent: the request resolves with no outcomes. */
  cancel(reqId: string): void {
    const pending = this.#pending.get(reqId);
    if (!pending) return;
    clearTimeout(pending.timer);
    this.#pending.delete(reqId);
    pending.resolve([]);
  }

  /** The socket went away: every pending request fails (the client re-watches after reconnecting). */
  failAll(error: Error): void {
    for (const [key, pending] of this.#pending) {
      clearTimeout(pending.timer);
      this.#pending.delete(key);
      pending.reject(error);
    }
  }

  get size(): number {
    return this.#pending.size;
  }

  #findByCid(cid: string): string | undefined {
    for (const [key, pending] of this.#pending) if (pending.remaining.has(cid)) return key;
    return undefined;
  }
}
