/** Test doubles: a scriptable WebSocket, a routed fetch and model factories. */
import type {
  ChannelCapabilities,
  ChannelResponse,
  ChannelStateResponse,
  ClientFrame,
  MemberResponse,
  MessageResponse,
  OwnUserResponse,
  ServerFrame,
  UserResponse,
} from "@parley/protocol";
import {
  type FetchLike,
  RestClient,
  type RestClientOptions,
  type WebSocketConstructor,
} from "../src/index.js";

export class FakeSocket {
  static instances: FakeSocket[] = [];
  /** Called for every new socket (e.g. to auto-open and answer auth). */
  static onCreate: ((socket: FakeSocket) => void) | undefined;
  /** Frames every socket fails to write (`send()` throws), as a socket that broke would. */
  static refuse: ((frame: ClientFrame) => boolean) | undefined;

  readonly url: string;
  readyState = 0;
  sent: ClientFrame[] = [];
  closedWith: { code?: number; reason?: string } | undefined;
  terminated = false;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  /** Answers the socket gives to frames (set by the fake server). */
  onSend: ((frame: ClientFrame) => void) | undefined;

  constructor(url: string) {
    this.url = url;
    FakeSocket.instances.push(this);
    FakeSocket.onCreate?.(this);
  }

  static reset(): void {
    FakeSocket.instances = [];
    FakeSocket.onCreate = undefined;
    FakeSocket.refuse = undefined;
  }

  static get last(): FakeSocket {
    const s = FakeSocket.instances[FakeSocket.instances.length - 1];
    if (!s) throw new Error("no socket");
    return s;
  }

  send(data: string): void {
    const frame = JSON.parse(data) as ClientFrame;
    if (FakeSocket.refuse?.(frame)) throw new Error("write failed");
    this.sent.push(frame);
    this.onSend?.(frame);
  }

  close(code?: number, reason?: string): void {
    this.closedWith = { code, reason };
    this.readyState = 3;
  }

  terminate(): void {
    this.terminated = true;
    this.readyState = 3;
  }

  // ---- server side ----
  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }

  receive(frame: ServerFrame | Record<string, unknown>): void {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }

  serverClose(code: number, reason = ""): void {
    this.readyState = 3;
    this.onclose?.({ code, reason });
  }

  framesOfType<T extends ClientFrame["type"]>(type: T): Extract<ClientFrame, { type: T }>[] {
    return this.sent.filter((f): f is Extract<ClientFrame, { type: T }> => f.type === type);
  }
}

export const FakeWebSocket = FakeSocket as unknown as WebSocketConstructor;

/**
 * Makes every new socket behave like a healthy server: opens, answers auth with connection.ok and
 * each watched cid with watch.ok at `lastSeq(cid)`.
 */
export function autoServer(
  me: OwnUserResponse,
  lastSeq: (cid: string) => number = () => 0,
  /** Answers a `send` frame as the REST send would (the server calls the same method for both). */
  sendAnswer?: (frame: ClientFrame & { type: "send" }) => Promise<{ status?: number; body?: unknown }>,
): void {
  FakeSocket.onCreate = (socket) => {
    socket.onSend = (frame) => {
      if (frame.type === "send" && sendAnswer) {
        void sendAnswer(frame).then(
          ({ status = 200, body }) => socket.receive(sendReply(frame.req_id, status, body)),
          () => undefined,
        );
      } else if (frame.type === "auth") {
        socket.receive({ type: "connection.ok", connection_id: `c${FakeSocket.instances.length}`, me });
      } else if (frame.type === "watch") {
        for (const ch of frame.channels) {
          socket.receive({
            type: "watch.ok",
            req_id: frame.req_id,
            cid: ch.cid,
            last_seq: Math.max(lastSeq(ch.cid), ch.since ?? 0),
            replayed: 0,
          });
        }
      }
    };
    queueMicrotask(() => socket.open());
  };
}

/** The frame a server answers a `send` with, from what the REST call would have answered. */
function sendReply(reqId: string | undefined, status: number, body: unknown): Record<string, unknown> {
  const b = body as { message?: unknown; error?: { code: string; message: string } } | undefined;
  if (status < 300) return { type: "send.ok", req_id: reqId, created: status === 201, message: b?.message };
  return {
    type: "error",
    req_id: reqId,
    code: b?.error?.code ?? "internal",
    message: b?.error?.message ?? "",
  };
}

export interface Route {
  method: string;
  /** Path after /chat, without the query string; a RegExp or exact string. */
  path: string | RegExp;
  handler: (req: {
    url: URL;
    body: unknown;
    init: RequestInit;
  }) => { status?: number; body?: unknown } | Promise<{ status?: number; body?: unknown }>;
}

export interface FakeFetch {
  fetch: FetchLike;
  calls: { method: string; path: string; url: URL; body: unknown; headers: Record<string, string> }[];
  routes: Route[];
}

/** The route of `routes` that answers `method path`, as the fake fetch matches them. */
export function findRoute(routes: readonly Route[], method: string, path: string): Route | undefined {
  return routes.find(
    (r) => r.method === method && (typeof r.path === "string" ? r.path === path : r.path.test(path)),
  );
}

export function fakeFetch(routes: Route[] = []): FakeFetch {
  const state: FakeFetch = {
    routes,
    calls: [],
    fetch: async (input, init = {}) => {
      const url = new URL(input);
      const method = init.method ?? "GET";
      const path = url.pathname.replace(/^\/chat/, "");
      const body = typeof init.body === "string" ? JSON.parse(init.body) : undefined;
      state.calls.push({ method, path, url, body, headers: (init.headers ?? {}) as Record<string, string> });
      const route = findRoute(state.routes, method, path);
      if (!route) {
        return new Response(
          JSON.stringify({ error: { code: "not_found", message: `no route ${method} ${path}` } }),
          {
            status: 404,
          },
        );
      }
      const signal = init.signal;
      const aborted = new Promise<never>((_, reject) => {
        if (signal?.aborted) reject(new DOMException("aborted", "AbortError"));
        signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")), {
          once: true,
        });
      });
      const out = await Promise.race([route.handler({ url, body, init }), aborted]);
      return new Response(out.body === undefined ? null : JSON.stringify(out.body), {
        status: out.status ?? 200,
      });
    },
  };
  return state;
}

/** A RestClient of `http://chat.test` (api key `k`, token `tok`) answered by a fake fetch of `routes`. */
export function fakeRest(routes: Route[], options: Partial<RestClientOptions> = {}) {
  const http = fakeFetch(routes);
  const client = new RestClient({
    baseURL: "http://chat.test/",
    apiKey: "k",
    fetch: http.fetch,
    getToken: () => "tok",
    ...options,
  });
  return { http, client };
}

// ---- model factories ----

const T0 = Date.parse("2025-01-01T00:00:00.000Z");
export const at = (seconds: number) => new Date(T0 + seconds * 1000).toISOString();

export function user(id: string): UserResponse {
  return { id, name: id, image: "", role: "user", online: true, last_active: null, created_at: at(0) };
}

export function me(id: string, total = 0): OwnUserResponse {
  return {
    ...user(id),
    total_unread_count: total,
    unread_channels: total > 0 ? 1 : 0,
    mutes: [],
    capabilities: [],
    notify: { default_level: "mentions", dnd_until: null },
  };
}

export function channelData(id: string, overrides: Partial<ChannelResponse> = {}): ChannelResponse {
  return {
    cid: `messaging:${id}`,
    type: "messaging",
    id,
    name: id,
    image: "",
    created_by_id: "alice",
    created_at: at(0),
    updated_at: at(0),
    last_message_at: null,
    member_count: 2,
    is_direct: false,
    deleted_at: null,
    truncated_at: null,
    config: {
      typing_events: true,
      read_events: true,
      reactions: true,
      replies: true,
      uploads: true,
      polls: true,
      search: true,
      max_message_length: 5000,
      public_read: false,
    },
    ...overrides,
  };
}

export function member(userId: string): MemberResponse {
  return { user_id: userId, user: user(userId), role: "channel_member", created_at: at(0) };
}

export function message(
  id: string,
  from: string,
  seq: number,
  overrides: Partial<MessageResponse> = {},
): MessageResponse {
  const base: MessageResponse = {
    id,
    cid: "messaging:general",
    type: "regular",
    text: `text ${id}`,
    user: user(from),
    created_at: at(seq),
    updated_at: at(seq),
    edited_at: null,
    deleted_at: null,
    seq,
    parent_id: null,
    show_in_channel: false,
    reply_count: 0,
    last_reply_at: null,
    thread_participants: [],
    mentioned_users: [],
    attachments: [],
    reaction_counts: {},
    latest_reactions: [],
    own_reactions: [],
    pinned_at: null,
    pinned_by_id: null,
  };
  return { ...base, ...overrides } as MessageResponse;
}

export function channelState(
  id: string,
  opts: {
    me?: string;
    members?: string[];
    messages?: MessageResponse[];
    lastSeq?: number;
    unread?: number;
    muted?: boolean;
    hidden?: boolean;
    channel?: Partial<ChannelResponse>;
  } = {},
): ChannelStateResponse {
  const meId = opts.me ?? "bob";
  const members = (opts.members ?? ["alice", "bob"]).map(member);
  const mine = members.find((m) => m.user_id === meId);
  const lastMessage = opts.messages?.[opts.messages.length - 1];
  return {
    channel: channelData(id, { last_message_at: lastMessage?.created_at ?? null, ...opts.channel }),
    members,
    membership: mine
      ? {
          ...mine,
          muted: opts.muted ?? false,
          muted_until: null,
          hidden: opts.hidden ?? false,
          notify_level: "default",
          starred: false,
        }
      : null,
    messages: opts.messages ?? [],
    read: members.map((m) => ({
      user_id: m.user_id,
      last_read: null,
      last_read_message_id: null,
      unread_messages: m.user_id === meId ? (opts.unread ?? 0) : 0,
      unread_mentions: 0,
    })),
    watcher_count: 1,
    last_seq: opts.lastSeq ?? lastMessage?.seq ?? 0,
    own_capabilities: MEMBER_CAPABILITIES,
  };
}

/** What a plain member may do with the built-in policies. */
export const MEMBER_CAPABILITIES: ChannelCapabilities = {
  any: ["ReadChannel", "CreateMessage", "CreateReaction", "UploadAttachment", "MarkRead", "SendTypingEvents"],
  own: ["UpdateMessage", "DeleteMessage", "DeleteReaction"],
};

export const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
