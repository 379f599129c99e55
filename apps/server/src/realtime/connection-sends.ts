import { ErrorCode } from "@parley/protocol";
import { DomainError } from "../domain/errors.js";

const WINDOW_MS = 60_000;

/**
 * One connection's `send` frames: a fixed window of `perMinute` of them, the WebSocket's
 * counterpart of the REST limit per token (http/rate-limit.ts; a connection lives on one node,
 * so its count needs no shared store), and their order within each channel.
 */
export class ConnectionSends {
  private start = 0;
  private count = 0;
  /** Per channel, the connection's latest send there, settled or not. */
  private readonly latest = new Map<string, Promise<void>>();

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

  /**
   * Runs `send` once the connection's earlier send to `cid` is done or has called its `ordered`
   * (its message's place is settled: the store runs a channel's sends in the order they were
   * asked for), so a channel stores one connection's messages in the order they were sent.
   * Sends to different channels run side by side.
   */
  inTurn<T>(cid: string, send: (ordered: () => void) => Promise<T>): Promise<T> {
    const before = this.latest.get(cid);
    let ordered = () => {};
    const placed = new Promise<void>((resolve) => {
      ordered = resolve;
    });
    const turn = before ? before.then(() => send(ordered)) : send(ordered);
    const done = turn.then(
      () => undefined,
      () => undefined,
    );
    const next = Promise.race([placed, done]);
    this.latest.set(cid, next);
    void done.then(() => {
      if (this.latest.get(cid) === next) this.latest.delete(cid);
    });
    return turn;
  }
}
