import { parleySystem } from "../systems/parley.js";
import { peerSystem } from "../systems/peers.js";

/** The systems scenarios pick from; each call makes a fresh spec (specs hold per-plan state). */
export const systems = {
  parley: () => parleySystem({ name: "parley", storage: "sqlite", nodes: 1 }),
  parleyPg: () => parleySystem({ name: "parley-pg", storage: "postgres", nodes: 1 }),
  parleyPg2: () => parleySystem({ name: "parley-pg×2", storage: "postgres", nodes: 2 }),
  wsNaive: () => peerSystem({ name: "ws-naive", program: "ws-naive" }),
  wsLimit: () => peerSystem({ name: "ws-limit", program: "ws-limit" }),
  minimalPersist: () => peerSystem({ name: "minimal-persist", program: "minimal-persist" }),
  socketio: () => peerSystem({ name: "socketio", program: "socketio" }),
  socketioPersist: () =>
    peerSystem({ name: "socketio+insert", program: "socketio", env: { SIO_PERSIST: "1" } }),
  socketioRecovery: () =>
    peerSystem({ name: "socketio+recovery", program: "socketio", env: { SIO_RECOVERY: "1" } }),
  socketioRedis2: () => peerSystem({ name: "socketio-redis×2", program: "socketio", nodes: 2, redis: true }),
};
