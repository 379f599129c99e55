/**
 * One logical connection to `/chat/connect` that survives socket drops: auth first frame,
 * health checks, dead-peer detection and reconnect with full-jitter backoff.
 */
import type { ClientFrame, OwnUserResponse, ServerFrame } from "@parley/protocol";
import { CloseCode } from "@parley/protocol";
import type { Backoff } from "./backoff.js";
import { ChatConnectionError } from "./errors.js";
import type { Logger, WebSocketConstructor, WebSocketLike } from "./types.js";

const WS_OPEN = 1;

/** Close codes after which reconnecting cannot help. */
export const FATAL_CLOSE_CODES: ReadonlySet<number> = new Set([
  CloseCode.unauthorized,
  CloseCode.sessionRevoked,
  CloseCode.banned,
  CloseCode.deactivated,
]);

export interface ConnectionOk {
  connection_id: string;
  me: OwnUserResponse;
}

export interface ConnectionOptions {
  /** Full URL of the endpoint, e.g. `ws://localhost:3000/chat/connect`. */
  url: string;
  WebSocket: WebSocketConstructor;
  apiKey: string;
  token: string;
  /** Sent with a server-side token: the user to act for. */
  userId?: string;
  pingInterval: number;
  connectTimeout: number;
  connectAttempts: number;
  backoff: Backoff;
  logger: Logger;
  /** Every frame after `connection.ok` (events and control frames). */
  onFrame(frame: ServerFrame): void;
  /**
   * Frames to send right behind `auth` when a dropped connection reopens (a resume's watches):
   * the server answers them once it has answered `connection.ok`, so resuming takes no extra
   * round trip.
   */
  openingFrames?(): ClientFrame[];
  /** A dropped connection is back (re-authenticated); the client resumes its channels. */
  onReconnected(ok: ConnectionOk): void;
  onOnlineChange(online: boolean): void;
  /** The server refused us for good (4001 / 4004 / 4005 / 4007); no more reconnects. */
  onFatal(error: ChatConnectionError): void;
}

interface CloseLike {
  code?: number;
  reason?: string;
}

function frameText(data: unknown): string {
  if (typeof data === "string") return data;
  if (data instanceof ArrayBuffer) return new TextDecoder().decode(data);
  if (ArrayBuffer.isView(data)) return new TextDecoder().decode(data);
  return String(data);
}

export class Connection {
  readonly #o: ConnectionOptions;
  #socket: WebSocketLike | undefined;
  #online = false;
  #closed = false;
  #connectionId: string | undefined;
  #lastHeard = 0;
  #healthTimer: ReturnType<typeof setInterval> | undefined;
  #reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  #reconnecting = false;

  constructor(options: ConnectionOptions) {
    this.#o = options;
  }

  get online(): boolean {
    return this.#online;
  }

  get connectionId(): string | undefined {
    return this.#connectionId;
  }

  /** The current raw socket (tests cut it to simulate a network failure). */
  get socket(): WebSocketLike | undefined {
    return this.#socket;
  }

  /** First connect: retries transient failures a few times, rejects at once on a fatal close code. */
  async connect(): Promise<ConnectionOk> {
    let lastError: unknown;
    for (let attempt = 0; attempt < Math.max(1, this.#o.connectAttempts); attempt += 1) {
      if (this.#closed) break;
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, this.#o.backoff.next()));
      if (this.#closed) break;
      try {
        const ok = await this.#open();
        this.#o.backoff.reset();
        return ok;
      } catch (error) {
        lastError = error;
        if (error instanceof ChatConnectionError && error.fatal) throw error;
        this.#o.logger("warn", "connect attempt failed", { attempt, error: String(error) });
      }
    }
    if (this.#closed) throw new ChatConnectionError("closed", "disconnected while connecting");
    throw lastError instanceof Error
      ? lastError
      : new ChatConnectionError("connect_failed", String(lastError));
  }

  /** Sends a frame when the socket is open and authenticated; false otherwise (the frame is dropped). */
  send(frame: ClientFrame): boolean {
    const socket = this.#socket;
    if (!socket || !this.#online || socket.readyState !== WS_OPEN) return false;
    try {
      socket.send(JSON.stringify(frame));
      return true;
    } catch (error) {
      this.#o.logger("warn", "send failed", { error: String(error) });
      return false;
    }
  }

  /** Closes for good: no reconnect. */
  disconnect(code: number = CloseCode.normal, reason = "client disconnect"): void {
    this.#closed = true;
    this.#clearTimers();
    const socket = this.#socket;
    this.#socket = undefined;
    if (socket) {
      detach(socket);
      try {
        socket.close(code, reason);
      } catch {
        // already closed
      }
    }
    this.#setOnline(false);
  }

  /** Drops the current socket (if any) and reconnects now, e.g. when the browser comes back online. */
  reconnectNow(): void {
    if (this.#closed) return;
    // A reconnect waiting out its backoff goes now; one whose attempt is under way finishes it.
    const waiting = this.#reconnectTimer !== undefined;
    if (this.#reconnectTimer) clearTimeout(this.#reconnectTimer);
    this.#reconnectTimer = undefined;
    if (this.#socket && this.#online) {
      this.#drop(4000, "reconnect requested", 0);
      return;
    }
    if (!this.#reconnecting || waiting) this.#scheduleReconnect(0);
  }

  /**
   * `onOk` (a reconnect, which sends `openingFrames` behind auth) runs as `connection.ok` is
   * handled, before the frames behind it in the same read: their answers must find their requests.
   */
  #open(onOk?: (ok: ConnectionOk) => void): Promise<ConnectionOk> {
    return new Promise<ConnectionOk>((resolve, reject) => {
      let settled = false;
      let serverError: { code: string; message: string } | undefined;
      let socket: WebSocketLike;
      try {
        socket = new this.#o.WebSocket(this.#o.url);
      } catch (error) {
        reject(new ChatConnectionError("connect_failed", `cannot open ${this.#o.url}: ${String(error)}`));
        return;
      }
      this.#socket = socket;
      const fail = (error: ChatConnectionError) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (this.#socket === socket) this.#socket = undefined;
        detach(socket);
        try {
          socket.close();
        } catch {
          // ignore
        }
        reject(error);
      };
      const timer = setTimeout(
        () =>
          fail(new ChatConnectionError("timeout", `no connection.ok within ${this.#o.connectTimeout} ms`)),
        this.#o.connectTimeout,
      );
      socket.onopen = (() => {
        const auth: ClientFrame = { type: "auth", api_key: this.#o.apiKey, token: this.#o.token };
        if (this.#o.userId) auth.user_id = this.#o.userId;
        // Built before auth goes out: connection.ok may be handled before send() returns.
        const behind = onOk ? (this.#o.openingFrames?.() ?? []) : [];
        socket.send(JSON.stringify(auth));
        for (const frame of behind) socket.send(JSON.stringify(frame));
      }) as (event: never) => void;
      socket.onerror = ((event: unknown) => {
        this.#o.logger("debug", "socket error", {
          error: String((event as { message?: string })?.message ?? event),
        });
      }) as (event: never) => void;
      socket.onclose = ((event: CloseLike) => {
        const code = event?.code ?? 1006;
        if (!settled) {
          fail(
            new ChatConnectionError(
              code,
              serverError?.message || event?.reason || `socket closed (${code}) before connection.ok`,
              FATAL_CLOSE_CODES.has(code),
              serverError?.code ?? (event?.reason || undefined),
            ),
          );
          return;
        }
        if (this.#socket !== socket) return;
        this.#socket = undefined;
        this.#handleDrop(code, event?.reason ?? "");
      }) as (event: never) => void;
      socket.onmessage = ((event: { data: unknown }) => {
        this.#lastHeard = Date.now();
        let frame: ServerFrame;
        try {
          frame = JSON.parse(frameText(event.data)) as ServerFrame;
        } catch {
          this.#o.logger("warn", "unparseable frame");
          return;
        }
        if (!settled) {
          if (frame.type === "connection.ok") {
            settled = true;
            clearTimeout(timer);
            this.#connectionId = frame.connection_id;
            this.#startHealth();
            this.#setOnline(true);
            const ok = { connection_id: frame.connection_id, me: frame.me };
            resolve(ok);
            onOk?.(ok);
          } else if (frame.type === "error") {
            serverError = { code: frame.code, message: frame.message };
            this.#o.logger("warn", "error before connection.ok", {
              code: frame.code,
              message: frame.message,
            });
          }
          return;
        }
        if (this.#socket !== socket) return;
        if (frame.type === "health.check") return;
        this.#o.onFrame(frame);
      }) as (event: never) => void;
    });
  }

  #startHealth(): void {
    if (this.#healthTimer) clearInterval(this.#healthTimer);
    this.#lastHeard = Date.now();
    const interval = this.#o.pingInterval;
    this.#healthTimer = setInterval(() => {
      if (!this.#socket || !this.#online) return;
      if (Date.now() - this.#lastHeard >= 2 * interval) {
        this.#o.logger("warn", "no frame for two health intervals: dropping the socket");
        this.#drop(CloseCode.deadPeer, "dead peer");
        return;
      }
      this.send({ type: "health.check" });
    }, interval);
  }

  /** Abandons the current socket without waiting for a close handshake, then reconnects. */
  #drop(code: number, reason: string, delay?: number): void {
    const socket = this.#socket;
    this.#socket = undefined;
    if (socket) {
      detach(socket);
      const terminate = (socket as { terminate?: () => void }).terminate;
      try {
        if (typeof terminate === "function") terminate.call(socket);
        else socket.close(4000, reason);
      } catch {
        // ignore
      }
    }
    this.#handleDrop(code, reason, delay);
  }

  #handleDrop(code: number, reason: string, delay?: number): void {
    if (this.#healthTimer) clearInterval(this.#healthTimer);
    this.#healthTimer = undefined;
    this.#setOnline(false);
    if (this.#closed) return;
    if (FATAL_CLOSE_CODES.has(code)) {
      this.#closed = true;
      this.#o.onFatal(new ChatConnectionError(code, reason || `connection closed (${code})`, true));
      return;
    }
    this.#o.logger("info", "connection dropped; reconnecting", { code, reason });
    this.#scheduleReconnect(delay);
  }

  #scheduleReconnect(delay?: number): void {
    if (this.#closed) return;
    if (this.#reconnectTimer) clearTimeout(this.#reconnectTimer);
    this.#reconnecting = true;
    const wait = delay ?? this.#o.backoff.next();
    this.#reconnectTimer = setTimeout(() => {
      this.#reconnectTimer = undefined;
      this.#open((ok) => {
        this.#reconnecting = false;
        if (this.#closed) return;
        this.#o.backoff.reset();
        this.#o.onReconnected(ok);
      }).catch((error: unknown) => {
        if (this.#closed) return;
        if (error instanceof ChatConnectionError && error.fatal) {
          this.#reconnecting = false;
          this.#closed = true;
          this.#o.onFatal(error);
          return;
        }
        this.#o.logger("info", "reconnect failed", { error: String(error) });
        this.#scheduleReconnect();
      });
    }, wait);
  }

  #setOnline(online: boolean): void {
    if (this.#online === online) return;
    this.#online = online;
    this.#o.onOnlineChange(online);
  }

  #clearTimers(): void {
    if (this.#healthTimer) clearInterval(this.#healthTimer);
    if (this.#reconnectTimer) clearTimeout(this.#reconnectTimer);
    this.#healthTimer = undefined;
    this.#reconnectTimer = undefined;
    this.#reconnecting = false;
  }
}

const noop = () => {};

/** Silences a socket we no longer use; handlers become no-ops (an EventEmitter-based socket such as
 * `ws` throws on an "error" event nobody listens to). */
function detach(socket: WebSocketLike): void {
  socket.onopen = noop;
  socket.onmessage = noop;
  socket.onclose = noop;
  socket.onerror = noop;
}
