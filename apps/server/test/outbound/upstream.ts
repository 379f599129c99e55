import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** A 1×1 PNG. */
export const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
export const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.domain)</script></svg>',
);
export const MIB = 1024 * 1024;

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * An image host on 127.0.0.1 for the proxy to fetch from (the test server runs with
 * OUTBOUND_ALLOW_LOOPBACK): a path → handler table, and how often each path was asked for.
 */
export interface Upstream {
  url: string;
  hits(path: string): number;
  /** The Host header of the last request to `path`. */
  hostOf(path: string): string | undefined;
  close(): Promise<void>;
}

export async function startUpstream(routes: Record<string, Handler>): Promise<Upstream> {
  const hits = new Map<string, number>();
  const hosts = new Map<string, string | undefined>();
  const server = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    hits.set(path, (hits.get(path) ?? 0) + 1);
    hosts.set(path, req.headers.host);
    const handler = routes[path];
    if (!handler) {
      res.writeHead(404, { "content-type": "text/plain" }).end("no such image");
      return;
    }
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits: (path) => hits.get(path) ?? 0,
    hostOf: (path) => hosts.get(path),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Answers `body` as `type`. */
export const serve =
  (type: string, body: Buffer): Handler =>
  (_req, res) => {
    res.writeHead(200, { "content-type": type, "content-length": String(body.length) }).end(body);
  };

export const redirect =
  (location: string, status = 302): Handler =>
  (_req, res) => {
    res.writeHead(status, { location }).end();
  };

/** A PNG that never ends: its first bytes, then `bytes` more in 64 KiB chunks, without a length. */
export const endless =
  (bytes: number): Handler =>
  (_req, res) => {
    res.writeHead(200, { "content-type": "image/png" });
    res.write(PNG.subarray(0, 16));
    let sent = 0;
    const chunk = Buffer.alloc(64 * 1024);
    const more = () => {
      while (sent < bytes) {
        sent += chunk.length;
        if (!res.write(chunk)) return void res.once("drain", more);
      }
      res.end();
    };
    res.on("error", () => {});
    more();
  };

/** A PNG whose first bytes come at once and the rest never. */
export const stalled: Handler = (_req, res) => {
  res.writeHead(200, { "content-type": "image/png", "content-length": String(PNG.length) });
  res.write(PNG.subarray(0, 16));
};
