import { type IncomingMessage, type Server, STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import { ErrorCode, MAX_FRAME_BYTES, WS_PATH } from "@parley/protocol";
import { type WebSocket, WebSocketServer } from "ws";
import { originAllowed } from "./origin.js";

/**
 * Turns upgrade requests for WS_PATH into WebSockets, straight from the HTTP server: routing
 * them through Fastify built a request, a reply and a child logger for each, and left references
 * that kept them for the socket's whole life. A foreign Origin gets 403
 * and any other path 404, as JSON errors like the API's, and the upgrade never happens.
 */
export function acceptWebSockets(
  server: Server,
  allowedOrigins: readonly string[],
  accept: (socket: WebSocket) => void,
): void {
  // The gateway keeps its own set of sessions, so ws need not track clients.
  const wss = new WebSocketServer({ noServer: true, clientTracking: false, maxPayload: MAX_FRAME_BYTES });
  server.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on("error", destroy);
    const path = (req.url ?? "").split("?")[0];
    if (path !== WS_PATH) return refuse(socket, 404, ErrorCode.notFound, `no WebSocket at ${path}`);
    if (!originAllowed(req.headers, allowedOrigins)) {
      return refuse(socket, 403, ErrorCode.forbidden, `origin ${req.headers.origin} is not allowed`);
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      socket.off("error", destroy);
      accept(ws);
    });
  });
}

function destroy(this: Duplex): void {
  this.destroy();
}

function refuse(socket: Duplex, status: number, code: ErrorCode, message: string): void {
  const body = JSON.stringify({ error: { code, message } });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}
