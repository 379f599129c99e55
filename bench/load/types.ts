/** What the harness tells a load worker about one client to open. */
export interface ClientSpec {
  user: string;
  /** Parley: a chat token; peers: the user id again (they check nothing). */
  token: string;
  cids: string[];
  /** Which server node to connect to (index into ConnectArgs.urls). */
  node?: number;
}

/** What receivers record about the message events they get. */
export type RecordMode = "count" | "latency" | "seq";

export interface ConnectArgs {
  /** "ws": Parley's WebSocket protocol (Parley and the ws peers); "socketio": Socket.IO 4. */
  protocol: "ws" | "socketio";
  /** Per node: ws://host:port/chat/connect, or http://host:port for Socket.IO. */
  urls: string[];
  apiKey: string;
  clients: ClientSpec[];
  localAddresses: string[];
  /** Connections opened at once. */
  concurrency: number;
  record: RecordMode;
  /**
   * Authenticate every client first and watch only when all are connected (the harness calls
   * `watch` after every worker connected): a user coming online tells the watchers of its
   * channels, so connecting 10,000 watchers of one channel one by one sends 50M presence events.
   */
  watchLater?: boolean;
}

export interface CountReport {
  delivered: number;
  clients: number;
  open: number;
  minPerClient: number;
  maxPerClient: number;
}

/** One message a publisher sends: into `cid` as the holder of `token`. */
export interface SendTarget {
  cid: string;
  user: string;
  token: string;
}

export interface PublishArgs {
  /** "rest": Parley's REST send; "ws": the `send` frame (Parley's and the peers'); "socketio": emit with ack. */
  via: "rest" | "ws" | "socketio";
  /** http://host:port (rest, socketio) or ws://…/chat/connect (ws). */
  url: string;
  apiKey: string;
  targets: SendTarget[];
  /** Messages in total, taken round-robin over targets. */
  count: number;
  /** Sends in flight at once (closed loop); ignored when `rate` is set. */
  window: number;
  /** Open loop: sends per second, whatever the answers. */
  rate?: number;
  /** Stop after this many ms even if `count` was not reached. */
  maxMs?: number;
  /** Text length in bytes. */
  textBytes: number;
  localAddress: string;
  /** Record each message's send time (for latency). */
  timestamps: boolean;
}

export interface PublishReport {
  sent: number;
  acked: number;
  errors: number;
  firstError?: string;
  ms: number;
  /** [message id, send time µs] pairs when `timestamps`. */
  times?: [string, number][];
}
