import WebSocket from "ws";
import { nowUs } from "./clock.js";
import { forEachLimit, waitUntil } from "./limit.js";
import { isMessageNew, Receipts } from "./receiver.js";
import type { ClientSpec, ConnectArgs } from "./types.js";

const CONNECT_TIMEOUT_MS = 60_000;
const CATCH_UP_TIMEOUT_MS = 30_000;
const CONNECT_ATTEMPTS = 3;
/** Parley closes a socket it has not heard from for 60 s; idle clients say hello every 20 s. */
const HEARTBEAT_MS = 20_000;

interface Client {
  spec: ClientSpec;
  /** Send `watch` as soon as the connection is authenticated. */
  watchOnAuth: boolean;
  ws?: WebSocket;
  /** Resolves the pending connect (open + auth + every watch.ok). */
  done?: (err?: Error) => void;
  watching: number;
  /** Resume: cid → the seq to reach; `caughtUpAt` once every cid reached it. */
  targets?: Map<string, number>;
  caughtUpAt?: number;
}

/** Raw WebSocket clients speaking Parley's protocol (which the ws peers speak too). */
export class WsPool {
  readonly receipts: Receipts;
  private readonly clients: Client[];
  private readonly heartbeat: NodeJS.Timeout;
  errors: string[] = [];
  retries = 0;

  constructor(private readonly args: ConnectArgs) {
    this.clients = args.clients.map((spec) => ({ spec, watching: 0, watchOnAuth: true }));
    this.receipts = new Receipts(args.clients.length, args.record);
    this.heartbeat = setInterval(() => {
      for (const c of this.clients)
        if (c.ws?.readyState === WebSocket.OPEN) c.ws.send('{"type":"health.check"}');
    }, HEARTBEAT_MS);
  }

  get open(): number {
    let n = 0;
    for (const c of this.clients) if (c.ws?.readyState === WebSocket.OPEN) n++;
    return n;
  }

  /** Opens every client: connect, auth, watch (with `since` when resuming). */
  async connectAll(resume = false): Promise<{ ok: number; failed: number }> {
    let ok = 0;
    let failed = 0;
    await forEachLimit(this.clients.length, this.args.concurrency, async (i) => {
      // A server that is busy may time a client out (Parley: no auth within 15 s); try again.
      for (let attempt = 1; ; attempt++) {
        try {
          await this.connect(i, resume);
          ok++;
          return;
        } catch (err) {
          if (attempt < CONNECT_ATTEMPTS) {
            this.retries++;
            await new Promise((r) => setTimeout(r, 250 * attempt));
            continue;
          }
          failed++;
          if (this.errors.length < 5) this.errors.push(String((err as Error).message));
          return;
        }
      }
    });
    return { ok, failed };
  }

  /** Watches every connected client's channels (after `connectAll` with `watchLater`). */
  async watchAll(): Promise<{ ok: number; failed: number }> {
    let ok = 0;
    let failed = 0;
    await forEachLimit(this.clients.length, this.args.concurrency, async (i) => {
      const c = this.clients[i] as Client;
      try {
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error("watch timed out")), CONNECT_TIMEOUT_MS);
          c.done = (err?: Error) => {
            c.done = undefined;
            clearTimeout(timer);
            if (err) reject(err);
            else resolve();
          };
          c.watching = 0;
          this.sendWatch(i, c, false);
        });
        ok++;
      } catch (err) {
        failed++;
        if (this.errors.length < 5) this.errors.push(String((err as Error).message));
      }
    });
    return { ok, failed };
  }

  private sendWatch(i: number, c: Client, resume: boolean): void {
    const lastSeq = this.receipts.lastSeq[i];
    const channels = c.spec.cids.map((cid) =>
      resume && lastSeq?.has(cid) ? { cid, since: lastSeq.get(cid) } : { cid },
    );
    c.ws?.send(JSON.stringify({ type: "watch", channels }));
  }

  private connect(i: number, resume: boolean): Promise<void> {
    const c = this.clients[i] as Client;
    c.watchOnAuth = resume || !this.args.watchLater;
    const local = this.args.localAddresses[i % this.args.localAddresses.length];
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => finish(new Error("connect timed out")), CONNECT_TIMEOUT_MS);
      let settled = false;
      const finish = (err?: Error) => {
        if (settled) return;
        settled = true;
        if (c.done === finish) c.done = undefined;
        clearTimeout(timer);
        if (err) {
          ws.terminate();
          reject(err);
        } else resolve();
      };
      c.done = finish;
      c.watching = 0;
      const url = this.args.urls[c.spec.node ?? 0] as string;
      const ws = new WebSocket(url, { localAddress: local, perMessageDeflate: false });
      c.ws = ws;
      ws.on("open", () => {
        ws.send(JSON.stringify({ type: "auth", api_key: this.args.apiKey, token: c.spec.token }));
        // A resume sends its watches right behind auth, as Parley's SDK does after a drop.
        if (resume) this.sendWatch(i, c, resume);
      });
      ws.on("message", (data: Buffer) => {
        if (c.ws === ws) this.onFrame(i, c, data, resume);
      });
      ws.on("error", (err) => finish(err));
      ws.on("close", (code, reason) => finish(new Error(`closed ${code} ${reason.toString()}`)));
    });
  }

  private onFrame(i: number, c: Client, data: Buffer, resume: boolean): void {
    if (isMessageNew(data)) {
      this.receipts.onMessage(i, data);
      if (c.targets) this.checkCaughtUp(i, c);
      return;
    }
    // Once connected, other frames (presence, typing, health) are not looked at: parsing each of
    // a big channel's presence events would make the load generator the bottleneck.
    if (!c.done) return;
    const f = JSON.parse(data.toString()) as {
      type: string;
      cid?: string;
      last_seq?: number;
      message?: string;
    };
    switch (f.type) {
      case "connection.ok":
        // A resume sent its watches with auth; the connect ends with their watch.ok frames.
        if (!c.watchOnAuth) c.done?.();
        else if (!resume) this.sendWatch(i, c, resume);
        return;
      case "watch.ok":
        if (f.cid !== undefined && f.last_seq !== undefined && !resume)
          this.receipts.seen(i, f.cid, f.last_seq);
        if (++c.watching === c.spec.cids.length) c.done?.();
        return;
      case "error":
      case "reset":
        c.done?.(new Error(`${f.type}: ${f.message ?? ""} ${f.cid ?? ""}`));
        return;
    }
  }

  /** Closes every socket abruptly (a network drop, not a goodbye). */
  drop(): void {
    for (const c of this.clients) c.ws?.terminate();
  }

  /** Each client must now reach its last seq + `missed` on every cid; then reconnect all. */
  async resume(
    missed: number,
  ): Promise<{ ok: number; failed: number; startedAt: number; caughtUp: number[] }> {
    for (const [i, c] of this.clients.entries()) {
      const last = this.receipts.lastSeq[i] ?? new Map<string, number>();
      c.targets = new Map(c.spec.cids.map((cid) => [cid, (last.get(cid) ?? 0) + missed]));
      c.caughtUpAt = undefined;
    }
    const startedAt = nowUs();
    const r = await this.connectAll(true);
    await waitUntil(() => this.clients.every((c) => c.caughtUpAt !== undefined), CATCH_UP_TIMEOUT_MS);
    const caughtUp = this.clients.map((c) => (c.caughtUpAt === undefined ? -1 : c.caughtUpAt - startedAt));
    return { ...r, startedAt, caughtUp };
  }

  private checkCaughtUp(i: number, c: Client): void {
    if (c.caughtUpAt !== undefined || !c.targets) return;
    const last = this.receipts.lastSeq[i];
    for (const [cid, target] of c.targets) if ((last?.get(cid) ?? 0) < target) return;
    c.caughtUpAt = nowUs();
  }

  close(): void {
    clearInterval(this.heartbeat);
    for (const c of this.clients) c.ws?.terminate();
  }
}
