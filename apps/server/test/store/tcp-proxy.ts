import { createConnection, createServer, type Server, type Socket } from "node:net";

export interface TcpProxy {
  port: number;
  /** Cuts every connection and refuses new ones, like a database that went down. */
  down(): Promise<void>;
  /** Accepts connections again on the same port. */
  up(): Promise<void>;
  close(): Promise<void>;
  /** Local ports of the proxy's connections to the target (the target sees them as client ports). */
  upstreamPorts(): number[];
}

/** A TCP proxy to `target` that a test can take down and bring back, to simulate an outage. */
export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  const upstreams = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
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
        client.pipe(upstream).pipe(client);
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
    close: down,
    upstreamPorts: () => [...upstreams].flatMap((s) => (s.localPort ? [s.localPort] : [])),
  };
}
