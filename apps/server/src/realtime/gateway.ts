import { randomUUID } from "node:crypto";
import type { Socket } from "node:net";
import {
  CLIENT_FRAME_TYPES,
  type ClientFrame,
  CloseCode,
  CONNECT_TIMEOUT_MS,
  clientFrameSchema,
  ErrorCode,
  PING_INTERVAL_MS,
  type ServerControlFrame,
} from "@parley/protocol";
import type { FastifyBaseLogger } from "fastify";
import type { WebSocket } from "ws";
import type { ChatAuth } from "../domain/auth/chat-auth.js";
import type { Actor } from "../domain/auth/chat-tokens.js";
import { DomainError } from "../domain/errors.js";
import type { PresenceService } from "../domain/presence/presence-service.js";
import type { UsersService } from "../domain/users/users-service.js";
import type { Connection } from "./connection.js";
import type { Hub } from "./hub.js";
import { type SharedFrame, writeCorked } from "./shared-frame.js";

export interface GatewayDeps {
  auth: ChatAuth;
  users: UsersService;
  presence: PresenceService;
  hub: Hub;
  log: FastifyBaseLogger;
  onConnection(delta: 1 | -1): void;
}

const DEAD_AFTER_MS = PING_INTERVAL_MS * 2 + 10_000;
/** A socket whose unsent data grows past this is too slow to keep up: it reconnects and resumes. */
const MAX_BUFFERED_BYTES = 16 * 1024 * 1024;

/** WebSocket frames ↔ domain calls, for one socket. Thin: no rule lives here. */
export function handleSocket(socket: WebSocket, deps: GatewayDeps): void {
  let conn: (Connection & { actor: Actor }) | undefined;
  let lastHeard = Date.now();
  let closed = false;
  // A fan-out frame: without a negotiated extension (compression) its shared bytes are exactly
  // what ws would write, so they go straight to the TCP socket, corked (docs/performance.md).
  // Extensions are settled by the handshake; ws builds the string anew on every read.
  const raw = socket.extensions === "" ? (socket as unknown as { _socket?: Socket })._socket : undefined;
  const send = (frame: string | SharedFrame) => {
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      socket.close(CloseCode.goingAway, "too slow; reconnect and resume");
      return;
    }
    if (typeof frame === "string") return socket.send(frame);
    if (raw) writeCorked(raw, frame.bytes);
    else socket.send(frame.json);
  };
  const control = (frame: ServerControlFrame) => send(JSON.stringify(frame));
  const error = (code: ErrorCode, message: string, reqId?: string, cid?: string) =>
    control({ type: "error", code, message, ...(reqId ? { req_id: reqId } : {}), ...(cid ? { cid } : {}) });

  const authTimer = setTimeout(() => {
    if (!conn) socket.close(CloseCode.authTimeout, "no auth frame within 15 s");
  }, CONNECT_TIMEOUT_MS);
  const heartbeat = setInterval(() => {
    if (Date.now() - lastHeard > DEAD_AFTER_MS) {
      socket.close(CloseCode.deadPeer, "no frame from the client for too long");
      socket.terminate();
      return;
    }
    if (conn) control({ type: "health.check", connection_id: conn.id });
  }, PING_INTERVAL_MS);

  socket.on("message", (data, isBinary) => {
    lastHeard = Date.now();
    if (isBinary) return error(ErrorCode.malformedFrame, "frames must be UTF-8 JSON text");
    let raw: unknown;
    try {
      raw = JSON.parse(data.toString());
    } catch {
      return error(ErrorCode.malformedFrame, "frame is not valid JSON");
    }
    const reqId =
      typeof (raw as { req_id?: unknown })?.req_id === "string"
        ? (raw as { req_id: string }).req_id
        : undefined;
    const type = (raw as { type?: unknown })?.type;
    if (typeof type !== "string" || !(CLIENT_FRAME_TYPES as readonly string[]).includes(type)) {
      return error(
        ErrorCode.unknownFrame,
        `unknown frame type ${JSON.stringify(type ?? null).slice(0, 64)}`,
        reqId,
      );
    }
    const parsed = clientFrameSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return error(
        ErrorCode.validation,
        `${issue?.path.join(".") || "frame"}: ${issue?.message ?? "invalid"}`,
        reqId,
      );
    }
    void onFrame(parsed.data).catch((err: unknown) => {
      if (err instanceof DomainError) return error(err.code, err.message, reqId);
      deps.log.error({ err }, "websocket frame failed");
      error(ErrorCode.internal, "internal error", reqId);
    });
  });

  socket.on("close", () => {
    closed = true;
    clearTimeout(authTimer);
    clearInterval(heartbeat);
    if (conn) {
      deps.hub.remove(conn);
      deps.onConnection(-1);
    }
  });
  socket.on("error", () => socket.terminate());

  async function onFrame(frame: ClientFrame): Promise<void> {
    if (frame.type === "health.check") {
      return control({
        type: "health.check",
        connection_id: conn?.id ?? "",
        ...(frame.req_id ? { req_id: frame.req_id } : {}),
      });
    }
    if (frame.type === "auth") {
      if (conn) throw new DomainError(ErrorCode.badRequest, "already authenticated");
      let actor: Actor;
      try {
        actor = await deps.auth.authenticate({
          apiKey: frame.api_key,
          token: frame.token,
          userId: frame.user_id,
        });
      } catch (err) {
        const e =
          err instanceof DomainError ? err : new DomainError(ErrorCode.tokenInvalid, "authentication failed");
        error(e.code, e.message, frame.req_id);
        socket.close(e.code === ErrorCode.banned ? CloseCode.banned : CloseCode.unauthorized, e.code);
        return;
      }
      if (closed) return;
      clearTimeout(authTimer);
      const me = await deps.users.me(actor);
      conn = {
        id: randomUUID(),
        userId: actor.userId,
        tokenId: actor.tokenId,
        actor,
        watching: new Set(),
        send,
        close: (code, reason) => socket.close(code, reason),
      };
      deps.hub.add(conn);
      deps.onConnection(1);
      return control({ type: "connection.ok", connection_id: conn.id, me: { ...me, online: true } });
    }
    if (!conn) throw new DomainError(ErrorCode.notAuthenticated, "send an auth frame first");
    const c = conn;
    switch (frame.type) {
      case "watch":
        for (const ch of frame.channels) {
          try {
            await deps.presence.ensureWatchable(c.actor, ch.cid);
          } catch (err) {
            if (!(err instanceof DomainError)) throw err;
            error(err.code, err.message, frame.req_id, ch.cid);
            continue;
          }
          await deps.hub.watch(c, ch.cid, ch.since, frame.req_id);
        }
        return;
      case "unwatch":
        for (const cid of frame.cids) deps.hub.unwatch(c, cid);
        return;
      case "typing.start":
      case "typing.stop":
        return deps.presence.typing(c.actor, frame.cid, frame.type === "typing.start", frame.parent_id);
    }
  }
}
