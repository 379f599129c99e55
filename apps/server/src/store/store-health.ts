import { classifyStorageFailure, StorageFailure } from "./storage-failure.js";

/** The least time between two probe writes while writes fail (/readyz may be asked often). */
const PROBE_INTERVAL_MS = 1_000;

export type HealthListener = (failure: StorageFailure | undefined) => void;

/**
 * Whether the store's writes work: the last write that failed for a tracked reason (a full disk, a
 * read-only store, an I/O error, damage: storage-failure.ts), until a write commits again.
 * Fed by each engine's lowest layer (sqlite/guarded-statement.ts, postgres/connection-errors.ts),
 * which also turns storage failures into StorageFailure there, so REST and the WebSocket answer
 * them alike. While failed, /readyz commits a probe write (`check`) so that an idle node becomes
 * ready again by itself once the condition is lifted.
 */
export class StoreHealth {
  #failure: StorageFailure | undefined;
  #listeners: HealthListener[] = [];
  #probe: Promise<void> | undefined;
  #probedAt = 0;

  get failure(): StorageFailure | undefined {
    return this.#failure;
  }

  /** Called when writes start failing, fail for another reason, or work again. */
  onChange(listener: HealthListener): void {
    this.#listeners.push(listener);
  }

  /**
   * `err` as a StorageFailure when it is one, recording it when tracked; anything else unchanged.
   * Connection errors stay as they are: callers and tests match their codes (ECONNRESET…), and
   * http/errors.ts answers them 503 with the same classifier.
   */
  convert(err: unknown): unknown {
    const failure = classifyStorageFailure(err);
    if (!failure || failure.kind === "connection") return err;
    if (failure.tracked) {
      const was = this.#failure;
      this.#failure = failure;
      if (was?.message !== failure.message) this.#emit(failure);
    }
    return failure;
  }

  succeeded(): void {
    if (!this.#failure) return;
    this.#failure = undefined;
    this.#emit(undefined);
  }

  /**
   * Resolves at once while writes work; otherwise commits `probe` (one at a time, at most one a
   * second) and rejects with the failure unless it committed.
   */
  check(probe: () => Promise<void>): Promise<void> {
    const failure = this.#failure;
    if (!failure) return Promise.resolve();
    if (!this.#probe) {
      if (Date.now() - this.#probedAt < PROBE_INTERVAL_MS) return Promise.reject(failure);
      this.#probedAt = Date.now();
      this.#probe = probe()
        .then(() => this.succeeded())
        .finally(() => {
          this.#probe = undefined;
        });
    }
    return this.#probe;
  }

  #emit(failure: StorageFailure | undefined): void {
    for (const listener of this.#listeners) listener(failure);
  }
}

/**
 * One connection's transaction as the tracker needs it: a COMMIT clears a failure only when
 * nothing in its transaction failed. (A group commit commits the batch after one of its sends
 * failed for want of space; that commit proves nothing about the space.)
 */
export class ConnectionHealth {
  #failedInTransaction = false;

  constructor(readonly health: StoreHealth) {}

  /** A write committed: an autocommit statement, or COMMIT. */
  committed(): void {
    if (!this.#failedInTransaction) this.health.succeeded();
    this.#failedInTransaction = false;
  }

  /** The transaction ended without committing (ROLLBACK), or a new one began. */
  reset(): void {
    this.#failedInTransaction = false;
  }

  /** A statement failed: `err` converted (StoreHealth.convert). */
  failed(err: unknown, inTransaction: boolean): unknown {
    const converted = this.health.convert(err);
    if (inTransaction && converted instanceof StorageFailure && converted.tracked) {
      this.#failedInTransaction = true;
    }
    return converted;
  }
}
