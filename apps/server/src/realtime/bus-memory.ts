import type { Bus, BusMessage } from "./bus.js";

/** The single-node bus: hands each envelope to the local hub on the next microtask. */
export function memoryBus(): Bus {
  const handlers: ((e: BusMessage) => void)[] = [];
  return {
    publish(envelope) {
      queueMicrotask(() => {
        for (const h of handlers) h(envelope);
      });
    },
    subscribe(handler) {
      handlers.push(handler);
    },
    // In one process nothing is lost: there is no reconnect.
    onReconnect() {},
    async close() {
      handlers.length = 0;
    },
  };
}
