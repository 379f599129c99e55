import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requirePostgresAndRedis } from "../helpers/required-services.js";
import { authedSocket, type RawSocket } from "../helpers/ws-client.js";
import { type Cluster, multiNode, startCluster, uniqueName, waitFor } from "./cluster.js";

type User = { id: string; token: string };

/** Two nodes, one PostgreSQL, one Redis: events cross nodes in seq order. */
describe.skipIf(!multiNode)("two server nodes", () => {
  let c: Cluster;
  let ana: User;
  let bob: User;

  beforeAll(requirePostgresAndRedis);
  beforeAll(async () => {
    c = await startCluster();
    ana = await c.signup(c.nodes[0]!);
    bob = await c.signup(c.nodes[1]!);
  });
  afterAll(() => c?.close());

  async function channel() {
    const id = uniqueName("ch");
    const r = await c.chat(c.nodes[0]!, ana.token, "POST", `/channels/messaging/${id}/query`, {
      data: { members: [bob.id] },
    });
    expect([200, 201]).toContain(r.status);
    return { cid: `messaging:${id}`, path: `/channels/messaging/${id}`, lastSeq: r.body.last_seq as number };
  }

  async function watch(nodeIndex: number, user: User, cid: string, since: number): Promise<RawSocket> {
    const sock = await authedSocket(c.nodes[nodeIndex]!.wsUrl, c.apiKey, user.token);
    sock.send({ type: "watch", req_id: "w", channels: [{ cid, since }] });
    await sock.next((f) => f.type === "watch.ok" && f.cid === cid);
    return sock;
  }

  const newMessages = (sock: RawSocket, cid: string) =>
    sock.frames.filter((f) => f.type === "message.new" && f.cid === cid);

  it("a message sent through node 1 reaches a watcher on node 2, in order", async () => {
    const ch = await channel();
    const sock = await watch(1, bob, ch.cid, ch.lastSeq);
    for (let i = 0; i < 20; i++) {
      const r = await c.chat(c.nodes[0]!, ana.token, "POST", `${ch.path}/messages`, {
        message: { text: `m${i}` },
      });
      expect(r.status).toBe(201);
    }
    await waitFor(() => newMessages(sock, ch.cid).length >= 20);
    const got = newMessages(sock, ch.cid);
    expect(got.map((f) => f.message.text)).toEqual(Array.from({ length: 20 }, (_, i) => `m${i}`));
    expect(got.map((f) => f.seq)).toEqual(Array.from({ length: 20 }, (_, i) => ch.lastSeq + 1 + i));
    sock.close();
  });

  it("writers on both nodes at once: gapless seqs and the same order for every watcher", async () => {
    const ch = await channel();
    const [onOne, onTwo] = [await watch(0, ana, ch.cid, ch.lastSeq), await watch(1, bob, ch.cid, ch.lastSeq)];
    const total = 200;
    const send = async (node: 0 | 1, user: User, from: number) => {
      // Ten requests in flight per node.
      const lanes = Array.from({ length: 10 }, async (_, lane) => {
        for (let i = lane; i < total / 2; i += 10) {
          const r = await c.chat(c.nodes[node]!, user.token, "POST", `${ch.path}/messages`, {
            message: { text: `n${node}-${from + i}` },
          });
          expect(r.status).toBe(201);
        }
      });
      await Promise.all(lanes);
    };
    await Promise.all([send(0, ana, 0), send(1, bob, 0)]);
    await waitFor(
      () => newMessages(onOne, ch.cid).length >= total && newMessages(onTwo, ch.cid).length >= total,
      15_000,
    );
    const seqs = Array.from({ length: total }, (_, i) => ch.lastSeq + 1 + i);
    const one = newMessages(onOne, ch.cid);
    const two = newMessages(onTwo, ch.cid);
    expect(one.map((f) => f.seq)).toEqual(seqs);
    expect(two.map((f) => f.seq)).toEqual(seqs);
    expect(two.map((f) => f.message.id)).toEqual(one.map((f) => f.message.id));
    expect(new Set(one.map((f) => f.message.text)).size).toBe(total);
    const stored = await c.chat(c.nodes[1]!, bob.token, "GET", `${ch.path}/messages?limit=300`);
    expect(stored.body.messages.map((m: { id: string }) => m.id)).toEqual(one.map((f) => f.message.id));
    onOne.close();
    onTwo.close();
  });

  it("a client resuming on the other node gets what it missed replayed, in order", async () => {
    const ch = await channel();
    const first = await watch(0, bob, ch.cid, ch.lastSeq);
    await c.chat(c.nodes[0]!, ana.token, "POST", `${ch.path}/messages`, { message: { text: "seen" } });
    const seen = await first.next((f) => f.type === "message.new" && f.cid === ch.cid);
    first.close();
    for (const text of ["missed 1", "missed 2", "missed 3"]) {
      await c.chat(c.nodes[0]!, ana.token, "POST", `${ch.path}/messages`, { message: { text } });
    }
    const again = await watch(1, bob, ch.cid, seen.seq);
    const ok = again.frames.find((f) => f.type === "watch.ok");
    expect(ok.replayed).toBe(3);
    expect(newMessages(again, ch.cid).map((f) => f.message.text)).toEqual([
      "missed 1",
      "missed 2",
      "missed 3",
    ]);
    again.close();
  });
});
