import {
  ChatClient,
  type ChatClientOptions,
  type FetchLike,
  type WebSocketConstructor,
} from "@parley/client";
import WebSocket from "ws";

/** A `ws` WebSocket bound to one local address (spreads thousands of sockets over 127.0.0.x). */
export function wsFrom(localAddress: string | undefined): WebSocketConstructor {
  if (!localAddress) return WebSocket as unknown as WebSocketConstructor;
  class LocalWebSocket extends WebSocket {
    constructor(url: string) {
      super(url, { localAddress });
    }
  }
  return LocalWebSocket as unknown as WebSocketConstructor;
}

/** Records the HTTP status of every send (`POST …/messages`) by client message id. */
export class SendLog {
  readonly statuses = new Map<string, number[]>();

  readonly fetch: FetchLike = async (input, init) => {
    const res = await fetch(input, init);
    if (init?.method === "POST" && /\/messages(\?|$)/.test(input) && typeof init.body === "string") {
      const id = (JSON.parse(init.body) as { message?: { id?: string } }).message?.id;
      if (id) {
        const list = this.statuses.get(id) ?? [];
        list.push(res.status);
        this.statuses.set(id, list);
      }
    }
    return res;
  };

  count(status: number): number {
    let n = 0;
    for (const list of this.statuses.values()) n += list.filter((s) => s === status).length;
    return n;
  }
}

export interface ClientOptions extends Partial<ChatClientOptions> {
  localAddress?: string;
}

/** An SDK client for a server URL, from Node (the `ws` package as WebSocket). */
export function sdkClient(baseURL: string, apiKey: string, options: ClientOptions = {}): ChatClient {
  const { localAddress, ...rest } = options;
  return new ChatClient(apiKey, {
    baseURL,
    WebSocket: wsFrom(localAddress),
    backoffBaseMs: 50,
    backoffCapMs: 500,
    ...rest,
  });
}
