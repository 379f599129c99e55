/**
 * The SDK across two server nodes (PostgreSQL + Redis; runs when DATABASE_URL and REDIS_URL are
 * set): A talks to node 0, B to node 1; B's socket is cut during a burst and resumes.
 */
import { ChatClient, type WebSocketConstructor } from "@parley/client";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import WebSocket from "ws";
import { requirePostgresAndRedis } from "../helpers/required-services.js";
import { type Cluster, multiNode, startCluster, type TestNode } from "../multinode/cluster.js";
import { channelId, waitFor } from "./sdk-helpers.js";

describe.skipIf(!multiNode)("SDK on two nodes", () => {
  let cluster: Cluster;
  beforeAll(requirePostgresAndRedis);
  beforeAll(async () => {
    cluster = await startCluster({ count: 2 });
  });
  afterAll(async () => {
    await cluster?.close();
  });

  async function connect(node: TestNode) {
    const user = await cluster.signup(node);
    const client = new ChatClient(cluster.apiKey, {
      baseURL: node.url,
      WebSocket: WebSocket as unknown as WebSocketConstructor,
      backoffBaseMs: 50,
      backoffCapMs: 500,
    });
    await client.connectUser({ id: user.id }, user.token);
    return { user, client };
  }

  test("messages sent on node 0 reach a client of node 1 in order, once, across socket cuts", async () => {
    const [a, b] = await Promise.all([connect(cluster.nodes[0]!), connect(cluster.nodes[1]!)]);
    const channelA = a.client.channel("messaging", channelId("mn"), { members: [b.user.id] });
    await channelA.watch();
    const [channelB] = await b.client.queryChannels();
    if (!channelB) throw new Error("B does not see the channel");
    const sent: string[] = [];
    for (let i = 0; i < 300; i += 1) {
      if (i === 50 || i === 200) (b.client.connection!.socket as unknown as WebSocket).terminate();
      sent.push((await channelA.sendMessage({ text: `mn ${i}` })).id);
    }
    await waitFor(() => channelB.state.messages.length >= 300, 30_000, "B to have 300 messages");
    await new Promise((r) => setTimeout(r, 200));
    expect(channelB.state.messages.map((m) => m.id)).toEqual(sent);
    expect(channelB.state.unreadCount).toBe(300);
    expect((await b.client.getUnreadCount()).total_unread_count).toBe(300);
    await a.client.disconnectUser();
    await b.client.disconnectUser();
  }, 60_000);
});
