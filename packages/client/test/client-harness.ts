import type { ChannelStateResponse, OwnUserResponse } from "@parley/protocol";
import { ChatClient, type ChatClientOptions } from "../src/index.js";
import {
  autoServer,
  channelState,
  type FakeFetch,
  FakeSocket,
  FakeWebSocket,
  fakeFetch,
  findRoute,
  me,
} from "./fakes.js";

export interface Harness {
  client: ChatClient;
  http: FakeFetch;
  /** What `POST /channels/{type}/{id}/query` answers, by channel id. */
  states: Map<string, ChannelStateResponse>;
  /** What `POST /channels` answers. */
  list: () => ChannelStateResponse[];
}

/** A client connected as `bob` to a fake server (FakeSocket) with a fake REST API. */
export async function connectedHarness(
  options: Partial<ChatClientOptions> = {},
  self: OwnUserResponse = me("bob"),
): Promise<Harness> {
  FakeSocket.reset();
  const states = new Map<string, ChannelStateResponse>();
  const harness: Harness = {
    states,
    list: () => [...states.values()],
    http: fakeFetch(),
    client: undefined as unknown as ChatClient,
  };
  harness.http.routes.push(
    {
      method: "POST",
      path: /^\/channels\/messaging\/[^/]+\/query$/,
      handler: ({ url }) => {
        const id = decodeURIComponent(url.pathname.split("/")[4]!);
        const state = states.get(id) ?? channelState(id);
        return { body: state };
      },
    },
    { method: "POST", path: "/channels", handler: () => ({ body: { channels: harness.list() } }) },
    {
      method: "GET",
      path: "/unread",
      handler: () => ({ body: { total_unread_count: 0, channels: [], threads: [] } }),
    },
  );
  autoServer(
    self,
    (cid) => states.get(cid.split(":")[1]!)?.last_seq ?? 0,
    async (frame) => {
      const [type, id] = frame.cid.split(":") as [string, string];
      const path = `/channels/${type}/${id}/messages`;
      const route = findRoute(harness.http.routes, "POST", path);
      if (!route) return { status: 404, body: { error: { code: "not_found", message: `no route ${path}` } } };
      const url = new URL(`http://chat.test/chat${path}`);
      return route.handler({ url, body: { message: frame.message }, init: { method: "POST" } });
    },
  );
  harness.client = new ChatClient("key", {
    baseURL: "http://chat.test",
    WebSocket: FakeWebSocket,
    fetch: harness.http.fetch,
    backoffBaseMs: 10,
    backoffCapMs: 20,
    ...options,
  });
  await harness.client.connectUser({ id: self.id }, "token");
  return harness;
}
