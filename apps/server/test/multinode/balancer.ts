import { connect, createServer, type Server, type Socket } from "node:net";

export interface Balancer {
  url: string;
  close(): Promise<void>;
}

/**
 * A TCP load balancer for tests: each new connection goes to the first backend port that
 * accepts it, as a health-checking balancer would once a node is gone. No stickiness.
 */
export async function startBalancer(backends: readonly number[]): Promise<Balancer> {
  const open = new Set<Socket>();
  const server: Server = createServer((client) => {
    open.add(client);
    client.on("close", () => open.delete(client));
    client.pause();
    const tryBackend = (i: number) => {
      const port = backends[i];
      if (port === undefined) {
        client.destroy();
        return;
      }
      const upstream = connect(port, "127.0.0.1");
      upstream.once("error", () => tryBackend(i + 1));
      upstream.once("connect", () => {
        open.add(upstream);
        upstream.on("close", () => {
          open.delete(upstream);
          client.destroy();
        });
        upstream.removeAllListeners("error");
        upstream.on("error", () => client.destroy());
        client.on("error", () => upstream.destroy());
        client.on("close", () => upstream.destroy());
        client.pipe(upstream).pipe(client);
        client.resume();
      });
    };
    tryBackend(0);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        for (const s of open) s.destroy();
        server.close(() => resolve());
      }),
  };
}
