import type { ClientFrame } from "@parley/protocol";
import { type Channel, channelInternals } from "./channel.js";
import type { Connection } from "./connection.js";
import { type WatchOutcome, WatchRequests } from "./watch-requests.js";

/** One `watch` frame and the channels it names. */
interface WatchBatch {
  reqId: string;
  channels: Channel[];
  frame: ClientFrame & { type: "watch" };
}

const WATCH_BATCH = 1000;

interface WatcherDeps {
  connection: () => Connection | undefined;
  timeoutMs: () => number;
}

/**
 * Watches channels over the socket: `watch` frames of up to 1,000 channels (since = each
 * channel's last seq), each with its req_id, whose answers `requests` matches. The frames a
 * socket sends right behind its `auth` are kept until the resume that follows waits for them.
 */
export class ChannelWatcher {
  readonly requests = new WatchRequests();
  #opening: WatchBatch[] = [];

  constructor(private readonly deps: WatcherDeps) {}

  /** The frames a socket being opened sends behind `auth`, for `channels`; remembered for `watch`. */
  openingFrames(channels: readonly Channel[]): ClientFrame[] {
    this.#opening = this.#batches(channels);
    return this.#opening.map((b) => b.frame);
  }

  /** Watches `channels` and waits for the answers, counting in the opening frames' ones once. */
  async resume(channels: readonly Channel[]): Promise<WatchOutcome[]> {
    const sent = this.#opening;
    this.#opening = [];
    return this.#send(channels, sent);
  }

  /** Sends `watch` frames for `channels`, one batch at a time, and waits for the answers. */
  watch(channels: readonly Channel[]): Promise<WatchOutcome[]> {
    return this.#send(channels, []);
  }

  /**
   * `sent`: batches already on the wire (behind the socket's `auth`), tracked at once, before any
   * answer can arrive; the rest go one batch at a time.
   */
  async #send(channels: readonly Channel[], sent: readonly WatchBatch[]): Promise<WatchOutcome[]> {
    const connection = this.deps.connection();
    if (!connection?.online) return [];
    const timeout = this.deps.timeoutMs();
    const track = (batch: WatchBatch) => {
      const answer = this.requests.track(
        batch.reqId,
        batch.channels.map((c) => c.cid),
        timeout,
      );
      // Counted before sending: the answer can arrive before send() returns.
      for (const c of batch.channels) channelInternals(c).watchSent(1);
      return answer;
    };
    const answers = sent.map(track);
    // Awaited below; a failure of a batch sent after them must not leave their rejections unhandled.
    for (const answer of answers) answer.catch(() => undefined);
    const covered = new Set(sent.flatMap((b) => b.channels));
    const all: WatchOutcome[] = [];
    for (const batch of this.#batches(channels.filter((c) => !covered.has(c)))) {
      const answer = track(batch);
      if (!connection.send(batch.frame)) {
        for (const c of batch.channels) channelInternals(c).watchSent(-1);
        this.requests.cancel(batch.reqId);
        continue;
      }
      all.push(...(await answer));
    }
    for (const answer of answers) all.push(...(await answer));
    return all;
  }

  #batches(channels: readonly Channel[]): WatchBatch[] {
    const ready = channels.filter((c) => c.id !== undefined && c.state.initialized);
    const batches: WatchBatch[] = [];
    for (let i = 0; i < ready.length; i += WATCH_BATCH) {
      const batch = ready.slice(i, i + WATCH_BATCH);
      const reqId = this.requests.nextReqId();
      batches.push({
        reqId,
        channels: batch,
        frame: {
          type: "watch",
          req_id: reqId,
          channels: batch.map((c) => ({ cid: c.cid, since: c.state.lastSeq })),
        },
      });
    }
    return batches;
  }
}
