import { randomUUID } from "node:crypto";
import type { Socket } from "node:net";
import {
  type AppRole,
  CLIENT_FRAME_TYPES,
  type ClientFrame,
  type ClientFrameType,
  CloseCode,
  CONNECT_TIMEOUT_MS,
  clientFrameSchema,
  ErrorCode,
  PING_INTERVAL_MS,
  type ServerControlFrame,
} from "@parley/protocol";
import type { FastifyBaseLogger } from "fastify";
import type { RawData, WebSocket } from "ws";
import type { ChatAuth } from "../domain/auth/chat-auth.js";
import type { Actor } from "../domain/auth/chat-tokens.js";
import { DomainError } from "../domain/errors.js";
import type { MessagesService } from "../domain/messages/messages-service.js";
import type { PresenceService } from "../domain/presence/presence-service.js";
import type { UsersService } from "../domain/users/users-service.js";
import { parse } from "../lib/parse.js";
import { classifyStorageFailure } from "../store/storage-failure.js";
import type { UserRow } from "../store/store.js";
import type { Connection } from "./connection.js";
import { ConnectionSends } from "./connection-sends.js";
import type { Hub } from "./hub.js";
import type { LocalFocus } from "./local-focus.js";
import { type PresenceView, withPresence } from "./presence-fields.js";
import { type SharedFrame, textFrame, writeCorked } from "./shared-frame.js";

export interface GatewayDeps {
  auth: ChatAuth;
  users: UsersService;
  presence: PresenceService;
  messages: MessagesService;
  hub: Hub;
  /** The tabs that say they are visible and focused (`focus` frames). */
  focus: LocalFocus;
  /** Fills in the presence the replies show (`send.ok`'s message). */
  live: PresenceView;
  /** `send` frames a connection may make per minute, like the REST limit per token; 0 is no limit. */
  sendsPerMinute: number;
  log: FastifyBaseLogger;
  onConnection(delta: 1 | -1): void;
  /** A client frame was handled (`invalid`: one that could not be read as a frame). */
  onFrame(type: ClientFrameType | "invalid", ok: boolean): void;
  /** Unsent bytes past which a socket is too slow (default MAX_BUFFERED_BYTES; tests lower it). */
  maxBacklogBytes?: number;
  /** Unsent bytes one user's sockets on this node may hold together (default MAX_USER_BUFFERED_BYTES). */
  maxUserBacklogBytes?: number;
}

/** When the server pings and gives up on a silent socket; tests shorten it. */
export interface HeartbeatTiming {
  pingMs: number;
  deadAfterMs: number;
  /** How often one sweep looks at every socket: each is pinged every `pingMs`, give or take this. */
  sweepMs: number;
}

export const HEARTBEAT: HeartbeatTiming = {
  pingMs: PING_INTERVAL_MS,
  deadAfterMs: PING_INTERVAL_MS * 2 + 10_000,
  sweepMs: 5_000,
};

/** A socket whose unsent data grows past this is too slow to keep up: it reconnects and resumes. */
const MAX_BUFFERED_BYTES = 16 * 1024 * 1024;
/** What one user's sockets may hold unsent together, so many stalled tabs cannot pile it up. */
const MAX_USER_BUFFERED_BYTES = 32 * 1024 * 1024;
/**
 * A socket's backlog below this is not added to its user's: a socket that keeps up holds next
 * to nothing, and summing a user's sockets on every delivery of a fan-out would cost every send.
 */
const USER_BACKLOG_FLOOR = 64 * 1024;

/**
 * WebSocket frames ↔ domain calls. Thin: no rule lives here. One timer for all sockets pings
 * them and closes the silent ones; listeners are shared functions, not closures per socket —
 * an idle connection holds only its session (docs/performance.md, P1).
 */
export class Gateway {
  private readonly sessions = new Set<Session>();
  private readonly sweep: NodeJS.Timeout;
  private draining = false;

  constructor(
    private readonly deps: GatewayDeps,
    private readonly timing: HeartbeatTiming = HEARTBEAT,
  ) {
    this.sweep = setInterval(() => this.sweepAll(Date.now()), timing.sweepMs);
    this.sweep.unref();
  }

  accept(socket: WebSocket): void {
    const session = new Session(socket, this.deps, this.sessions);
    sessionOf.set(socket, session);
    this.sessions.add(session);
    socket.on("message", onMessage);
    socket.on("close", onClose);
    socket.on("error", onError);
    if (this.draining) {
      session.draining = true;
      session.close(CloseCode.goingAway, "server shutting down");
    }
  }

  stop(): void {
    clearInterval(this.sweep);
  }

  /**
   * Shutdown, before `closeAll`: frames read from now on are answered `unavailable`, and those
   * already read are answered, so no send is stored without its `send.ok` reaching the socket
   * ahead of the close frame. Gives up after `withinMs`.
   */
  async drain(withinMs: number): Promise<void> {
    this.draining = true;
    for (const s of this.sessions) s.draining = true;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<"late">((resolve) => {
      timer = setTimeout(() => resolve("late"), withinMs);
    });
    try {
      for (;;) {
        // Frames already on their way in are read (and refused) before the sockets close.
        await afterPoll();
        const busy = [...this.sessions].filter((s) => s.busy);
        if (busy.length === 0) return;
        if ((await Promise.race([Promise.all(busy.map((s) => s.settled())), late])) === "late") return;
      }
    } finally {
      clearTimeout(timer);
    }
  }

  /** Closes every socket, authenticated or not (shutdown). */
  closeAll(code: number, reason: string): void {
    for (const s of [...this.sessions]) s.close(code, reason);
  }

  private sweepAll(now: number): void {
    for (const s of this.sessions) s.tick(now, this.timing);
  }
}

const sessionOf = new WeakMap<WebSocket, Session>();

/** How a socket whose `auth` failed closes: for good, or to come back once the store answers. */
function authCloseCode(code: ErrorCode): number {
  if (code === ErrorCode.banned) return CloseCode.banned;
  if (code === ErrorCode.deactivated) return CloseCode.deactivated;
  if (code === ErrorCode.unavailable) return CloseCode.tryAgainLater;
  return CloseCode.unauthorized;
}

/** Resolves after the event loop has polled for I/O once more. */
function afterPoll(): Promise<void> {
  return new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
}

function onMessage(this: WebSocket, data: RawData, isBinary: boolean): void {
  sessionOf.get(this)?.receive(data, isBinary);
}
function onClose(this: WebSocket, code: number): void {
  sessionOf.get(this)?.closed(code);
}
function onError(this: WebSocket): void {
  this.terminate();
}

/** One socket: unauthenticated until its `auth` frame, then the hub's connection. */
class Session implements Connection {
  id = "";
  userId = "";
  tokenId: string | undefined;
  readonly watching = new Set<string>();
  private actor: Actor | undefined;
  private lastHeard = Date.now();
  private lastPinged = this.lastHeard;
  private isClosed = false;
  /** The server ended the session for good (revoked, banned): no presence grace. */
  private ended = false;
  private authTimer: NodeJS.Timeout | undefined;
  /** Counts and orders `send` frames; made on the first one, so an idle connection holds none. */
  private sends: ConnectionSends | undefined;
  /** Settles when the `auth` frame in progress has been answered. */
  private authenticating: Promise<void> | undefined;
  /** The server is shutting down: frames are answered `unavailable`, not handled. */
  draining = false;
  /** Frames read and not yet answered, and who waits for that to reach 0 (Gateway.drain). */
  private inFlight = 0;
  private onSettled: (() => void) | undefined;
  /**
   * Without a negotiated extension (compression) a frame's bytes are exactly what ws would write,
   * so they go straight to the TCP socket, corked: every frame a socket gets in one event-loop
   * turn leaves in one write. Extensions are settled by the handshake; ws
   * builds the string anew on every read.
   */
  private readonly raw: Socket | undefined;

  constructor(
    private readonly socket: WebSocket,
    private readonly deps: GatewayDeps,
    private readonly sessions: Set<Session>,
  ) {
    this.raw = socket.extensions === "" ? (socket as unknown as { _socket?: Socket })._socket : undefined;
    this.authTimer = setTimeout(() => {
      if (!this.actor) socket.close(CloseCode.authTimeout, "no auth frame within 15 s");
    }, CONNECT_TIMEOUT_MS);
  }

  send(frame: string | SharedFrame): void {
    const socket = this.socket;
    if (socket.readyState !== socket.OPEN) return;
    const raw = this.raw;
    // On the raw path ws queues nothing of its own, so the TCP socket's backlog is all of it
    // (and reading it touches one object fewer per delivery of a fan-out).
    const backlog = raw ? raw.writableLength : socket.bufferedAmount;
    if (backlog > Math.min(USER_BACKLOG_FLOOR, this.deps.maxBacklogBytes ?? MAX_BUFFERED_BYTES)) {
      const reason = this.tooSlow(backlog);
      if (reason) {
        socket.close(CloseCode.goingAway, reason);
        return;
      }
    }
    if (raw) writeCorked(raw, typeof frame === "string" ? textFrame(frame) : frame.bytes);
    else socket.send(typeof frame === "string" ? frame : frame.json);
  }

  get backlog(): number {
    return this.raw ? this.raw.writableLength : this.socket.bufferedAmount;
  }

  /** Why a socket holding `backlog` unsent bytes must go, if it must. */
  private tooSlow(backlog: number): string | undefined {
    if (backlog > (this.deps.maxBacklogBytes ?? MAX_BUFFERED_BYTES)) return "too slow; reconnect and resume";
    let held = 0;
    for (const c of this.deps.hub.connectionsOf(this.userId)) {
      const b = c === this ? backlog : c.backlog;
      if (b > USER_BACKLOG_FLOOR) held += b;
    }
    if (held > (this.deps.maxUserBacklogBytes ?? MAX_USER_BUFFERED_BYTES))
      return "too slow across this user's connections; reconnect and resume";
    return undefined;
  }

  close(code: number, reason: string): void {
    if (code === CloseCode.sessionRevoked || code === CloseCode.banned || code === CloseCode.deactivated)
      this.ended = true;
    this.socket.close(code, reason);
  }

  get role(): AppRole {
    return this.actor?.role ?? "user";
  }

  setRole(role: AppRole): void {
    if (this.actor) this.actor = { ...this.actor, role };
  }

  /** The sweep: a silent socket is dead; an authenticated one due a ping gets it. */
  tick(now: number, timing: HeartbeatTiming): void {
    if (now - this.lastHeard > timing.deadAfterMs) {
      this.socket.close(CloseCode.deadPeer, "no frame from the client for too long");
      this.socket.terminate();
      return;
    }
    if (this.actor && now - this.lastPinged >= timing.pingMs) {
      this.lastPinged = now;
      this.control({ type: "health.check", connection_id: this.id });
    }
  }

  closed(code: number): void {
    this.isClosed = true;
    clearTimeout(this.authTimer);
    this.sessions.delete(this);
    if (this.actor) {
      // A goodbye (sign-out) or a revoked or banned session ends at once; a drop may come back.
      this.deps.hub.remove(this, this.ended || code === CloseCode.normal);
      this.deps.focus.drop(this.actor.userId, this.id);
      this.deps.onConnection(-1);
    }
  }

  receive(data: RawData, isBinary: boolean): void {
    this.lastHeard = Date.now();
    if (isBinary) {
      this.invalid(ErrorCode.malformedFrame, "frames must be UTF-8 JSON text");
      return;
    }
    let raw: unknown;
    try {
      raw = JSON.parse(data.toString());
    } catch {
      this.invalid(ErrorCode.malformedFrame, "frame is not valid JSON");
      return;
    }
    const reqId =
      typeof (raw as { req_id?: unknown })?.req_id === "string"
        ? (raw as { req_id: string }).req_id
        : undefined;
    const type = (raw as { type?: unknown })?.type;
    if (typeof type !== "string" || !(CLIENT_FRAME_TYPES as readonly string[]).includes(type)) {
      this.invalid(
        ErrorCode.unknownFrame,
        `unknown frame type ${JSON.stringify(type ?? null).slice(0, 64)}`,
        reqId,
      );
      return;
    }
    let frame: ClientFrame;
    try {
      // The same validation as a REST body, text rules (no NUL) included.
      frame = parse(clientFrameSchema, raw);
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      this.invalid(err.code, err.message, reqId, err.fields);
      return;
    }
    // Frames sent right behind `auth` (a resume's watches, in the same flight) wait for its answer.
    this.inFlight++;
    const handled = this.authenticating
      ? this.authenticating.then(() => this.dispatch(frame, reqId))
      : this.dispatch(frame, reqId);
    void handled.finally(() => {
      if (--this.inFlight === 0) this.onSettled?.();
    });
  }

  get busy(): boolean {
    return this.inFlight > 0;
  }

  /** Resolves once every frame read so far has been answered. */
  settled(): Promise<void> {
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const before = this.onSettled;
      this.onSettled = () => {
        this.onSettled = undefined;
        before?.();
        resolve();
      };
    });
  }

  private dispatch(frame: ClientFrame, reqId: string | undefined): Promise<void> {
    return this.onFrame(frame).then(
      () => this.deps.onFrame(frame.type, true),
      (err: unknown) => {
        this.deps.onFrame(frame.type, false);
        if (err instanceof DomainError)
          return this.error(err.code, err.message, reqId, undefined, err.fields);
        const storage = classifyStorageFailure(err);
        if (storage) {
          this.deps.log.warn({ err: storage.detail, kind: storage.kind }, "store unavailable");
          return this.error(storage.code, storage.message, reqId);
        }
        this.deps.log.error({ err, connection_id: this.id || undefined }, "websocket frame failed");
        this.error(ErrorCode.internal, "internal error", reqId);
      },
    );
  }

  /** A frame that could not be read: answered with `code`, counted as `invalid`. */
  private invalid(code: ErrorCode, message: string, reqId?: string, fields?: Record<string, string>): void {
    this.deps.onFrame("invalid", false);
    this.error(code, message, reqId, undefined, fields);
  }

  private control(frame: ServerControlFrame): void {
    this.send(JSON.stringify(frame));
  }

  private error(
    code: ErrorCode,
    message: string,
    reqId?: string,
    cid?: string,
    fields?: Record<string, string>,
  ): void {
    this.control({
      type: "error",
      code,
      message,
      ...(reqId ? { req_id: reqId } : {}),
      ...(cid ? { cid } : {}),
      ...(fields ? { fields } : {}),
    });
  }

  private async onFrame(frame: ClientFrame): Promise<void> {
    if (frame.type === "health.check") {
      return this.control({
        type: "health.check",
        connection_id: this.id,
        ...(frame.req_id ? { req_id: frame.req_id } : {}),
      });
    }
    if (this.draining) {
      throw new DomainError(ErrorCode.unavailable, "the server is shutting down; reconnect and retry");
    }
    if (frame.type === "auth") {
      if (this.actor) throw new DomainError(ErrorCode.badRequest, "already authenticated");
      const done = this.authenticate(frame).finally(() => {
        this.authenticating = undefined;
      });
      this.authenticating = done.catch(() => undefined);
      return done;
    }
    const actor = this.actor;
    if (!actor) throw new DomainError(ErrorCode.notAuthenticated, "send an auth frame first");
    switch (frame.type) {
      case "watch":
        for (const ch of frame.channels) {
          try {
            await this.deps.presence.ensureWatchable(actor, ch.cid);
          } catch (err) {
            if (!(err instanceof DomainError)) throw err;
            this.error(err.code, err.message, frame.req_id, ch.cid);
            continue;
          }
          await this.deps.hub.watch(this, ch.cid, ch.since, frame.req_id);
        }
        return;
      case "unwatch":
        for (const cid of frame.cids) this.deps.hub.unwatch(this, cid);
        return;
      case "send": {
        this.sends ??= new ConnectionSends(this.deps.sendsPerMinute);
        this.sends.take(Date.now());
        const { message, created } = await this.sends.inTurn(frame.cid, (ordered) =>
          this.deps.messages.send(actor, frame.cid, { message: frame.message }, ordered),
        );
        return this.control({
          type: "send.ok",
          ...(frame.req_id ? { req_id: frame.req_id } : {}),
          created,
          message: withPresence(message, this.deps.live),
        });
      }
      case "typing.start":
      case "typing.stop":
        return this.deps.presence.typing(actor, frame.cid, frame.type === "typing.start", frame.parent_id);
      case "focus":
        return this.deps.focus.set(actor.userId, this.id, frame.focused);
    }
  }

  private async authenticate(frame: ClientFrame & { type: "auth" }): Promise<void> {
    let actor: Actor;
    let user: UserRow;
    try {
      ({ actor, user } = await this.deps.auth.authenticateUser({
        apiKey: frame.api_key,
        token: frame.token,
        userId: frame.user_id,
      }));
    } catch (err) {
      const e =
        classifyStorageFailure(err) ??
        (err instanceof DomainError ? err : new DomainError(ErrorCode.tokenInvalid, "authentication failed"));
      this.error(e.code, e.message, frame.req_id);
      this.socket.close(authCloseCode(e.code), e.code);
      return;
    }
    if (this.isClosed) return;
    clearTimeout(this.authTimer);
    this.authTimer = undefined;
    const me = await this.deps.users.me(actor, user);
    // The socket may have closed while its user was read: it must not join the hub then.
    if (this.isClosed || this.actor) return;
    this.id = randomUUID();
    this.userId = actor.userId;
    this.tokenId = actor.tokenId;
    this.actor = actor;
    this.deps.hub.add(this, user);
    this.deps.onConnection(1);
    this.control({ type: "connection.ok", connection_id: this.id, me: { ...me, online: true } });
  }
}
