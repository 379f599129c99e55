import { io, type Socket } from "socket.io-client";
import { nowUs } from "./clock.js";
import { forEachLimit, waitUntil } from "./limit.js";
import { Receipts } from "./receiver.js";
import type { ConnectArgs } from "./types.js";

const CONNECT_TIMEOUT_MS = 60_000;
const CATCH_UP_TIMEOUT_MS = 30_000;
const CONNECT_ATTEMPTS = 3;

interface Client {
  socket: Socket;
  targets?: Map<string, number>;
  caughtUpAt?: number;
}

interface MessageEvent {
  cid: string;
  seq: number;
  message: { id: string };
}

/** Socket.IO 4 clients (websocket transport): connect with the user in `auth`, then `watch`. */
export class SioPool {
  readonly receipts: Receipts;
  private readonly clients: Client[];
  errors: string[] = [];
  retries = 0;

  constructor(private readonly args: ConnectArgs) {
    this.receipts = new Receipts(args.clients.length, args.record);
    this.clients = args.clients.map((spec, i) => {
      const socket = io(
        args.urls[spec.node ?? 0] as string,
        {
          transports: ["websocket"],
          autoConnect: false,
          reconnection: false,
          forceNew: true,
          auth: { user_id: spec.user },
          localAddress: args.localAddresses[i % args.localAddresses.length],
        } as Parameters<typeof io>[1],
      );
      const c: Client = { socket };
      socket.on("message.new", (ev: MessageEvent) => {
        this.receipts.onMessage(i, ev);
        if (this.args.record === "seq") this.checkCaughtUp(i, c);
      });
      return c;
    });
  }

  get open(): number {
    return this.clients.filter((c) => c.socket.connected).length;
  }

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

  private async connect(i: number, resume: boolean): Promise<void> {
    const c = this.clients[i] as Client;
    const spec = this.args.clients[i]!;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("connect timed out")), CONNECT_TIMEOUT_MS);
      c.socket.once("connect", () => {
        clearTimeout(timer);
        resolve();
      });
      c.socket.once("connect_error", (err) => {
        clearTimeout(timer);
        reject(err);
      });
      c.socket.connect();
    });
    // A recovered session keeps its rooms and gets the missed packets; a new one watches.
    if (resume && c.socket.recovered) return;
    if (resume) throw new Error("connection state not recovered");
    const ack = (await c.socket.timeout(CONNECT_TIMEOUT_MS).emitWithAck("watch", spec.cids)) as {
      last_seq: Record<string, number>;
    };
    for (const [cid, seq] of Object.entries(ack.last_seq)) this.receipts.seen(i, cid, seq);
  }

  /** Closes every transport abruptly so the server keeps the session for recovery. */
  drop(): void {
    for (const c of this.clients) c.socket.io.engine?.close();
  }

  async resume(
    missed: number,
  ): Promise<{ ok: number; failed: number; startedAt: number; caughtUp: number[] }> {
    for (const [i, c] of this.clients.entries()) {
      const last = this.receipts.lastSeq[i] ?? new Map<string, number>();
      c.targets = new Map(this.args.clients[i]!.cids.map((cid) => [cid, (last.get(cid) ?? 0) + missed]));
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
    for (const c of this.clients) c.socket.disconnect();
  }
}
