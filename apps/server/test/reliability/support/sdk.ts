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

/**
 * Records the answer to every send by client message id, as an HTTP status: the REST call's
 * (`POST …/messages`), or for the WebSocket's `send.ok` the status REST would have given (201
 * created, 200 a retry answered with the original).
 */
export class SendLog {
  readonly statuses = new Map<string, number[]>();

  readonly fetch: FetchLike = async (input, init) => {
    const res = await fetch(input, init);
    if (init?.method === "POST" && /\/messages(\?|$)/.test(input) && typeof init.body === "string") {
      const id = (JSON.parse(init.body) as { message?: { id?: string } }).message?.id;
      if (id) this.record(id, res.status);
    }
    return res;
  };

  /** The clients' WebSocket: it records the `send.ok` frames it receives. */
  webSocket(localAddress?: string): WebSocketConstructor {
    const log = this;
    class LoggingWebSocket extends WebSocket {
      constructor(url: string) {
        super(url, localAddress ? { localAddress } : {});
        this.on("message", (data: Buffer) => {
          const text = data.toString();
          if (!text.startsWith('{"type":"send.ok"')) return;
          const frame = JSON.parse(text) as { created: boolean; message: { id: string } };
          log.record(frame.message.id, frame.created ? 201 : 200);
        });
      }
    }
    return LoggingWebSocket as unknown as WebSocketConstructor;
  }

  private record(id: string, status: number): void {
    const list = this.statuses.get(id) ?? [];
    list.push(status);
    this.statuses.set(id, list);
  }

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
