import { nowUs } from "./clock.js";
import type { RecordMode } from "./types.js";

const MESSAGE_NEW = Buffer.from('{"type":"message.new"');

/** True when a text frame is a `message.new` event (Parley and the peers start it the same way). */
export function isMessageNew(data: Buffer): boolean {
  return (
    data.length > MESSAGE_NEW.length &&
    data.compare(MESSAGE_NEW, 0, MESSAGE_NEW.length, 0, MESSAGE_NEW.length) === 0
  );
}

interface MessageEvent {
  cid?: string;
  seq?: number;
  message?: { id?: string };
}

/**
 * What a worker's receivers record: a count per client always; with "latency" the latest arrival
 * of each message id (and how many clients got it); with "seq" the last seq per client and cid.
 */
export class Receipts {
  delivered = 0;
  readonly perClient: Uint32Array;
  /** message id → [latest arrival µs, receivers]. */
  readonly arrivals = new Map<string, [number, number]>();
  readonly lastSeq: Map<string, number>[];

  constructor(
    clients: number,
    readonly mode: RecordMode,
  ) {
    this.perClient = new Uint32Array(clients);
    this.lastSeq = mode === "seq" ? Array.from({ length: clients }, () => new Map()) : [];
  }

  /** A `message.new` for client `i`; `raw` is the frame, parsed only when the mode needs it. */
  onMessage(i: number, raw: Buffer | string | MessageEvent): void {
    this.delivered++;
    this.perClient[i] = (this.perClient[i] ?? 0) + 1;
    if (this.mode === "count") return;
    const ev: MessageEvent =
      Buffer.isBuffer(raw) || typeof raw === "string" ? JSON.parse(raw.toString()) : raw;
    if (this.mode === "latency") {
      const id = ev.message?.id;
      if (!id) return;
      const t = nowUs();
      const a = this.arrivals.get(id);
      if (a) {
        a[0] = Math.max(a[0], t);
        a[1]++;
      } else this.arrivals.set(id, [t, 1]);
      return;
    }
    if (ev.cid !== undefined && ev.seq !== undefined) this.seen(i, ev.cid, ev.seq);
  }

  seen(i: number, cid: string, seq: number): void {
    const m = this.lastSeq[i];
    if (m && seq > (m.get(cid) ?? -1)) m.set(cid, seq);
  }

  reset(): void {
    this.delivered = 0;
    this.perClient.fill(0);
    this.arrivals.clear();
  }

  counts(open: number) {
    let min = Number.POSITIVE_INFINITY;
    let max = 0;
    for (const n of this.perClient) {
      if (n < min) min = n;
      if (n > max) max = n;
    }
    return {
      delivered: this.delivered,
      clients: this.perClient.length,
      open,
      minPerClient: this.perClient.length ? min : 0,
      maxPerClient: max,
    };
  }
}
