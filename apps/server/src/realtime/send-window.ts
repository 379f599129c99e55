import { ErrorCode } from "@parley/protocol";
import { DomainError } from "../domain/errors.js";

const WINDOW_MS = 60_000;

/**
 * A fixed window of `perMinute` sends for one connection, the WebSocket's counterpart of the
 * REST limit per token (http/rate-limit.ts). A connection lives on one node, so its count needs
 * no shared store.
 */
export class SendWindow {
  private start = 0;
  private count = 0;

  constructor(private readonly perMinute: number) {}

  /** Counts one send at `now`, or throws `rate_limited` when the window is full. */
  take(now: number): void {
    if (this.perMinute <= 0) return;
    if (now - this.start >= WINDOW_MS) {
      this.start = now;
      this.count = 0;
    }
    if (this.count >= this.perMinute) {
      const after = Math.ceil((this.start + WINDOW_MS - now) / 1000);
      throw new DomainError(
        ErrorCode.rateLimited,
        `too many sends: at most ${this.perMinute} a minute; try again in ${after} seconds`,
      );
    }
    this.count++;
  }
}
