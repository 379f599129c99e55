import type { FastifyBaseLogger } from "fastify";
import type { ChannelTypes } from "../../domain/channels/channel-types.js";
import type { Clock } from "../../domain/clock.js";
import { planPushes } from "../../domain/notifications/push-plan.js";
import { setMute } from "../../domain/notifications/set-mute.js";
import type { PushDeliveryRow, PushSubscriptionRow, Store } from "../../store/store.js";
import type { Lease } from "../lease.js";
import type { PushSender } from "./push-sender.js";

const TICK_MS = 1000;
/** Sends within this of each other are planned in one round. */
const COALESCE_MS = 25;
/** The lease outlives a few missed ticks; a node that dies is replaced within this. */
export const PUSH_LEASE_MS = 15_000;
const BATCH = 100;
const PARALLEL_SENDS = 8;
/** Attempts per push before it is given up (backoff 5 s, 10 s, 20 s… up to 10 min between). */
export const MAX_PUSH_ATTEMPTS = 6;
/** A message the worker reaches later than this is not pushed: the moment has passed. */
const STALE_MS = 60 * 60 * 1000;

export interface PushWorkerDeps {
  store: Store;
  types: ChannelTypes;
  clock: Clock;
  sender: PushSender;
  /** `push`: held by one node at a time. */
  lease: Lease;
  focused(userId: string): boolean;
  count(outcome: "sent" | "gone" | "retry" | "dropped"): void;
  log: FastifyBaseLogger;
}

/**
 * Turns new messages into Web Push, on one node at a time (docs/notifications.md "Exactly once").
 * The send that stores a message queues it in the same transaction (`notify_queue`); the node
 * holding the `push` lease plans each queued message into one delivery per device
 * (`push_deliveries`, keyed by message and device) and dequeues it in one transaction, then
 * sends the due deliveries, deleting each once its push service accepted it. A node that dies
 * loses its lease within 15 s; the next one picks up both tables where they stand. It also ends
 * timed mutes.
 */
export class PushWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopping = false;
  private soon: NodeJS.Timeout | undefined;

  constructor(private readonly deps: PushWorkerDeps) {}

  start(): void {
    this.timer = setInterval(() => this.wake(), TICK_MS);
    this.timer.unref();
    this.wake();
  }

  /** Runs a round soon (a message was just sent): a burst of sends shares one; rounds never overlap. */
  wake(): void {
    if (this.stopping || this.soon) return;
    this.soon = setTimeout(() => {
      this.soon = undefined;
      this.run();
    }, COALESCE_MS);
    this.soon.unref();
  }

  private run(): void {
    if (this.stopping) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.round()
      .catch((err: unknown) => this.deps.log.warn({ err }, "the push worker's round failed"))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.run();
        }
      });
  }

  /** One round now, awaited (tests); like every round, never beside another on this node. */
  async runOnce(): Promise<void> {
    while (this.running) await this.running;
    const round = this.round().finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        this.run();
      }
    });
    this.running = round.catch(() => undefined);
    await round;
  }

  /**
   * Stops rounds; waits for the one running at most `graceMs` (a push service that does not
   * answer is not waited for: what it did not confirm stays in `push_deliveries` for the next).
   */
  async stop(graceMs = 1000): Promise<void> {
    this.stopping = true;
    clearInterval(this.timer);
    clearTimeout(this.soon);
    let waited: NodeJS.Timeout | undefined;
    await Promise.race([this.running, new Promise((r) => (waited = setTimeout(r, graceMs)))]);
    clearTimeout(waited);
    await this.deps.lease.release().catch(() => {});
  }

  private async round(): Promise<void> {
    const now = this.deps.clock();
    if (!(await this.deps.lease.claim(now))) return;
    await this.plan(now);
    await this.sendDue(now);
    await this.endMutes(now);
  }

  /** Plans a batch of queued messages, then stores their deliveries and dequeues them in one commit. */
  private async plan(now: Date): Promise<void> {
    const { store } = this.deps;
    const queued = await store.notifications.queued(BATCH);
    if (queued.length === 0) return;
    const rows: PushDeliveryRow[] = [];
    for (const q of queued) {
      if (now.getTime() - Date.parse(q.created_at) > STALE_MS) continue;
      rows.push(...(await planPushes(this.deps, q.message_id, q.cid, now)));
    }
    await store.transaction(async (tx) => {
      await tx.notifications.addDeliveries(rows);
      await tx.notifications.dequeue(queued.map((q) => q.message_id));
    });
  }

  private async sendDue(now: Date): Promise<void> {
    const due = await this.deps.store.notifications.dueDeliveries(now.toISOString(), BATCH);
    for (let i = 0; i < due.length && !this.stopping; i += PARALLEL_SENDS)
      await Promise.all(due.slice(i, i + PARALLEL_SENDS).map((d) => this.deliver(d, now)));
  }

  private async deliver(
    d: PushDeliveryRow & { subscription: PushSubscriptionRow },
    now: Date,
  ): Promise<void> {
    const { store, sender, count, log } = this.deps;
    const collapse = (JSON.parse(d.payload) as { tag?: string }).tag ?? d.message_id;
    const result = await sender.send(d.subscription, d.payload, collapse);
    if (result.outcome === "sent") {
      count("sent");
      return store.notifications.deleteDelivery(d.message_id, d.subscription_id);
    }
    if (result.outcome === "gone") {
      count("gone");
      log.info({ subscription: d.subscription_id, why: result.detail }, "push subscription gone; dropped");
      await store.notifications.deleteSubscription(d.subscription_id);
      return;
    }
    const attempts = d.attempts + 1;
    if (attempts >= MAX_PUSH_ATTEMPTS) {
      count("dropped");
      log.warn({ subscription: d.subscription_id, why: result.detail }, "push given up after retries");
      return store.notifications.deleteDelivery(d.message_id, d.subscription_id);
    }
    count("retry");
    const wait = Math.min(5_000 * 2 ** (attempts - 1), 600_000);
    await store.notifications.postponeDelivery(
      d.message_id,
      d.subscription_id,
      attempts,
      new Date(now.getTime() + wait).toISOString(),
    );
  }

  private async endMutes(now: Date): Promise<void> {
    const at = now.toISOString();
    for (const { cid, user_id } of await this.deps.store.notifications.expiredMutes(at, BATCH))
      await this.deps.store.transaction(async (tx) => {
        // Muted again meanwhile, for longer: left as it is.
        const m = await tx.members.get(cid, user_id);
        if (m?.muted && m.muted_until !== null && m.muted_until <= at)
          await setMute(tx, cid, user_id, false, null, at);
      });
  }
}
