import type { Store } from "../store/store.js";

/** Who runs a worker that must run on one node at a time (the push worker, email digests). */
export interface Lease {
  /** Takes or renews the lease at `now`; answers whether this node holds it. */
  claim(now: Date): Promise<boolean>;
  /** Gives it back (shutting down), so another node need not wait for it to run out. */
  release(): Promise<void>;
}

/**
 * A lease in the store (`worker_leases`), across nodes: held until `ttlMs` after its holder's
 * last claim, so a node that dies is replaced within that.
 */
export function storeLease(store: Store, name: string, holder: string, ttlMs: number): Lease {
  let held = false;
  return {
    async claim(now) {
      const until = new Date(now.getTime() + ttlMs).toISOString();
      held = await store.notifications.claimLease(name, holder, now.toISOString(), until);
      return held;
    },
    async release() {
      if (held) await store.notifications.releaseLease(name, holder);
      held = false;
    },
  };
}

/** One node (no REDIS_URL): it is always the holder, and claiming writes nothing. */
export const soleNode: Lease = {
  claim: async () => true,
  release: async () => {},
};
