import type { Envelope, EventPort } from "../domain/events.js";
import type { Repos, UnitOfWork } from "./store.js";

/**
 * Where a store's committed changes go: the envelopes each transaction emitted, published once
 * its COMMIT returned, in the order they were emitted; never those of a transaction (or a
 * savepoint) that rolled back.
 */
export class ChangeFeed {
  #port: EventPort | undefined;

  publishTo(port: EventPort): void {
    this.#port = port;
  }

  /** The repos of one transaction, and what it emits. */
  open(repos: Repos): { tx: UnitOfWork; emitted: Envelope[] } {
    const emitted: Envelope[] = [];
    const emit = (envelope: Envelope) => {
      // Refused inside the transaction, so it rolls back rather than commit a change nobody hears of.
      if (!this.#port) throw new Error("the store publishes to no event port: call publishTo first");
      emitted.push(envelope);
    };
    return { tx: Object.assign(repos, { emit }), emitted };
  }

  /** After the COMMIT of the transaction that emitted `envelopes`. */
  publish(envelopes: readonly Envelope[]): void {
    for (const envelope of envelopes) this.#port?.publish(envelope);
  }
}
