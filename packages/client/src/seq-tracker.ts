/**
 * The seq bookkeeping of one channel: which events to apply, when to re-watch (a gap, or a
 * `watch.ok` beyond what was applied) and when to give up replaying and refetch instead.
 */
import { classifySeq, type SeqVerdict } from "./channel-state.js";
import type { WatchOutcome } from "./watch-requests.js";

/** Consecutive watch.ok answers without progress before the channel is refetched instead. */
const MAX_RESYNC_WITHOUT_PROGRESS = 3;

export interface SeqTrackerDeps {
  /** The last seq applied to the state. */
  lastSeq(): number;
  /** Sends a `watch` with since = lastSeq. */
  rewatch(): void;
  /** Reloads the channel over REST and watches from the answer's last_seq. */
  refetch(): void;
}

export class SeqTracker {
  readonly #deps: SeqTrackerDeps;
  /** Watch frames sent and not answered yet. */
  #awaiting = 0;
  /** The highest seq seen in events or answers (applied or not). */
  #maxSeen = 0;
  #withoutProgress = 0;
  #resyncFrom = -1;

  constructor(deps: SeqTrackerDeps) {
    this.#deps = deps;
  }

  get awaiting(): number {
    return this.#awaiting;
  }

  /** What to do with an event of `seq`; a gap starts a resync (unless one is under way). */
  verdict(seq: number): SeqVerdict {
    this.#maxSeen = Math.max(this.#maxSeen, seq);
    const verdict = classifySeq(this.#deps.lastSeq(), seq);
    if (verdict === "gap") this.resync();
    return verdict;
  }

  /** A query answer reflects everything up to `seq`. */
  saw(seq: number): void {
    this.#maxSeen = Math.max(this.#maxSeen, seq);
  }

  /** A watch frame is being sent (+1), or could not be sent after all (-1). */
  watchSent(delta: 1 | -1): void {
    this.#awaiting = Math.max(0, this.#awaiting + delta);
  }

  /** The server answered a watch frame; re-watches when events are still missing. */
  onAnswer(outcome: WatchOutcome): void {
    this.#awaiting = Math.max(0, this.#awaiting - 1);
    if (outcome.status === "reset") {
      this.#deps.refetch();
      return;
    }
    if (outcome.status === "error" || this.#awaiting > 0) return;
    const last = this.#deps.lastSeq();
    if (last >= Math.max(outcome.last_seq, this.#maxSeen)) {
      this.#withoutProgress = 0;
      return;
    }
    this.#withoutProgress = last === this.#resyncFrom ? this.#withoutProgress + 1 : 0;
    if (this.#withoutProgress >= MAX_RESYNC_WITHOUT_PROGRESS) {
      this.#withoutProgress = 0;
      this.#deps.refetch();
    } else {
      this.resync();
    }
  }

  /** Re-watches from the last applied seq, unless an answer is still awaited. */
  resync(): void {
    if (this.#awaiting > 0) return;
    this.#resyncFrom = this.#deps.lastSeq();
    this.#deps.rewatch();
  }

  /** The socket dropped: frames sent on it will never be answered. */
  connectionLost(): void {
    this.#awaiting = 0;
  }

  /** After a refetch: the answer's seq is the new reference. */
  resetTo(seq: number): void {
    this.#maxSeen = seq;
  }
}
