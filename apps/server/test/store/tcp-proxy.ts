import { createConnection, createServer, type Server, type Socket } from "node:net";

export interface TcpProxy {
  port: number;
  /** Cuts every connection (dropping what was held) and refuses new ones: a server gone down. */
  down(): Promise<void>;
  /** Accepts connections again on the same port. */
  up(): Promise<void>;
  /** Holds every byte, both ways, with every connection left open: a server that stopped answering. */
  pause(): void;
  /** Forwards what was held, then everything again. */
  resume(): void;
  close(): Promise<void>;
  /** Local ports of the proxy's connections to the target (the target sees them as client ports). */
  upstreamPorts(): number[];
}

/**
 * A TCP proxy to `target` that a test can pause, take down and bring back, to stall or cut a
 * shared server (PostgreSQL, Redis) for one test server without touching it.
 */
export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  const upstreams = new Set<Socket>();
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
        upstreams.add(upstream);
        upstream.on("close", () => upstreams.delete(upstream));
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
  const down = async () => {
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
    down,
    up: listen,
    pause() {
      paused = true;
    },
    resume() {
      paused = false;
      const flush = held;
      held = [];
      for (const write of flush) write();
    },
    close: down,
    upstreamPorts: () => [...upstreams].flatMap((s) => (s.localPort ? [s.localPort] : [])),
  };
}
