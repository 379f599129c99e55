import type { Envelope } from "../domain/events.js";

/** A node's periodic "alive" message: the users connected to it and who watches what there. */
export interface NodeBeat {
  kind: "node";
  nodeId: string;
  users: string[];
  /** Sockets watching each channel on that node (channels with none are left out). */
  watchers?: Record<string, number>;
  /** Users with a visible, focused tab on that node. */
  focused?: string[];
  /** False when the node is shutting down: forget its users at once. */
  alive: boolean;
}

export type BusMessage = Envelope | NodeBeat;

/**
 * Carries envelopes to every server node (this one included). At-most-once: a wake-up signal
 * only; correctness comes from per-channel seqs and replay from the store.
 */
export interface Bus {
  publish(message: BusMessage): void;
  subscribe(handler: (message: BusMessage) => void): void;
  /** Called each time the bus is back after losing its connection (messages may have been lost). */
  onReconnect(handler: () => void): void;
  close(): Promise<void>;
}
