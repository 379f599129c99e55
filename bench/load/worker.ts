/**
 * A load generator process. The harness starts several (pinned to the load CPU) and drives them
 * over IPC: open receiving clients, count what they get, publish, drop and resume.
 */
import { ready, serve } from "../lib/child-ipc.js";
import { openSender, publish } from "./publish.js";
import type { Sender } from "./senders.js";
import { SioPool } from "./sio-pool.js";
import type { ConnectArgs, PublishArgs } from "./types.js";
import { WsPool } from "./ws-pool.js";

let pool: WsPool | SioPool | undefined;
let sender: Sender | undefined;

const need = <T>(x: T | undefined, what: string): T => {
  if (x === undefined) throw new Error(`no ${what} yet`);
  return x;
};

serve({
  async connect(a) {
    const args = a as unknown as ConnectArgs;
    pool?.close();
    pool = args.protocol === "socketio" ? new SioPool(args) : new WsPool(args);
    const t0 = Date.now();
    const r = await pool.connectAll();
    return { ...r, errors: pool.errors, retries: pool.retries, ms: Date.now() - t0 };
  },
  async watch() {
    const p = need(pool, "pool");
    const t0 = Date.now();
    const r = p instanceof WsPool ? await p.watchAll() : { ok: 0, failed: 0 };
    return { ...r, errors: p.errors, retries: 0, ms: Date.now() - t0 };
  },
  counts: () => need(pool, "pool").receipts.counts(need(pool, "pool").open),
  reset: () => need(pool, "pool").receipts.reset(),
  arrivals: () => [...need(pool, "pool").receipts.arrivals].map(([id, [t, n]]) => [id, t, n]),
  drop: () => need(pool, "pool").drop(),
  async resume(a) {
    const p = need(pool, "pool");
    const r = await p.resume(a.missed as number);
    return { ...r, errors: p.errors };
  },
  async openSender(a) {
    sender?.close();
    sender = await openSender(a as unknown as PublishArgs);
    return true;
  },
  publish: (a) => publish(a as unknown as PublishArgs, need(sender, "sender")),
  close() {
    pool?.close();
    sender?.close();
    pool = undefined;
    sender = undefined;
    return true;
  },
});
ready();
