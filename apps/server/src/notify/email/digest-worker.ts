import type { FastifyBaseLogger } from "fastify";
import type { Clock } from "../../domain/clock.js";
import type { EmailDigestService } from "../../domain/notifications/email-digest-service.js";
import type { Lease } from "../lease.js";

export const DIGEST_INTERVAL_MS = 60_000;
/** A node that stops renewing (it died) lets another take over after this long. */
export const DIGEST_LEASE_MS = 3 * DIGEST_INTERVAL_MS;

export interface DigestWorkerDeps {
  clock: Clock;
  /** `email-digest`: held by one node at a time. */
  lease: Lease;
  digests: EmailDigestService;
  log: FastifyBaseLogger;
}

/** Runs a digest round every minute on whichever node holds the `email-digest` lease. */
export class DigestWorker {
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<number> | undefined;
  #stopped = false;

  constructor(private readonly deps: DigestWorkerDeps) {}

  start(): void {
    if (this.#timer || this.#stopped) return;
    this.#timer = setInterval(() => void this.runOnce(), DIGEST_INTERVAL_MS);
    this.#timer.unref();
  }

  /** One round now, unless one is running (then its result); answers the emails sent. */
  runOnce(): Promise<number> {
    this.#running ??= this.#round().finally(() => {
      this.#running = undefined;
    });
    return this.#running;
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.#running;
    await this.deps.lease
      .release()
      .catch((err: unknown) => this.deps.log.warn({ err }, "releasing the email digest lease failed"));
  }

  async #round(): Promise<number> {
    const { clock, lease, digests, log } = this.deps;
    if (this.#stopped) return 0;
    try {
      if (!(await lease.claim(clock()))) return 0;
      const round = await digests.round();
      if (round.deferred > 0)
        log.warn({ deferred: round.deferred, sent: round.sent }, "email digests wait for the next round");
      return round.sent;
    } catch (err) {
      log.warn({ err }, "the email digest round failed; it runs again next minute");
      return 0;
    }
  }
}
