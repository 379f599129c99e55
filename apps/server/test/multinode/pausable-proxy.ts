import { createConnection, createServer, type Server, type Socket } from "node:net";

export interface PausableProxy {
  readonly port: number;
  /** Holds every byte, both ways, with every connection left open: a Redis that stopped answering. */
  pause(): void;
  /** Forwards what was held, then everything again. */
  resume(): void;
  /** Cuts every connection (dropping what was held) and refuses new ones: a dead Redis. */
  kill(): Promise<void>;
  /** Accepts connections again on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A TCP proxy to `target` that a test can pause as well as take down (test/store/tcp-proxy.ts
 * can only take it down), to stall a shared server without touching it.
 */
export async function startPausableProxy(targetHost: string, targetPort: number): Promise<PausableProxy> {
  const sockets = new Set<Socket>();
  let held: (() => void)[] = [];
  let paused = false;
  let server: Server | undefined;
  let port = 0;
  const forward = (from: Socket, to: Socket) =>
    from.on("data", (chunk: Buffer) => {
      if (paused) held.push(() => to.write(chunk));
      else to.write(chunk);
    });
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = createServer((client) => {
        const upstream = createConnection({ host: targetHost, port: targetPort });
        for (const sock of [client, upstream]) {
          sockets.add(sock);
          sock.on("close", () => sockets.delete(sock));
          sock.on("error", () => undefined);
        }
        forward(client, upstream);
        forward(upstream, client);
        client.on("close", () => upstream.destroy());
        upstream.on("close", () => client.destroy());
      });
      s.once("error", reject);
      s.listen(port, "127.0.0.1", () => {
        const addr = s.address();
        port = typeof addr === "object" && addr ? addr.port : 0;
        server = s;
        resolve();
      });
    });
  const kill = async () => {
    const s = server;
    server = undefined;
    held = [];
    paused = false;
    for (const sock of sockets) sock.destroy();
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  };
  await listen();
  return {
    get port() {
      return port;
    },
    pause() {
      paused = true;
    },
    resume() {
      paused = false;
      const flush = held;
      held = [];
      for (const write of flush) write();
    },
    kill,
    restore: listen,
    close: kill,
  };
}
