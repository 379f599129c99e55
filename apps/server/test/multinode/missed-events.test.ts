import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { busChannelOf, openRedisBus, type RedisBus } from "../../src/realtime/bus-redis.js";
import { requirePostgresAndRedis } from "../helpers/required-services.js";
import { authedSocket, type RawSocket } from "../helpers/ws-client.js";
import {
  type Cluster,
  killRedisClient,
  lossy,
  multiNode,
  redisUrl,
  startCluster,
  uniqueName,
  waitFor,
} from "./cluster.js";

type User = { id: string; token: string };

/** The bus is at-most-once: a node that misses envelopes must still deliver every event in order. */
describe.skipIf(!multiNode)("a node that misses bus messages", () => {
  let c: Cluster;
  let ana: User;
  let bob: User;
  let nodeTwoBus: RedisBus;
  let nodeTwoLossy: ReturnType<typeof lossy>;

  beforeAll(requirePostgresAndRedis);
  beforeAll(async () => {
    c = await startCluster({
      bus: async (i, appKey) => {
        if (i !== 1) return undefined;
        nodeTwoBus = await openRedisBus({ url: redisUrl!, channel: busChannelOf(appKey) });
        nodeTwoLossy = lossy(nodeTwoBus);
        return nodeTwoLossy;
      },
    });
    ana = await c.signup(c.nodes[0]!);
    bob = await c.signup(c.nodes[1]!);
  });
  afterAll(() => c?.close());

  async function setup() {
    const id = uniqueName("ch");
    const r = await c.chat(c.nodes[0]!, ana.token, "POST", `/channels/messaging/${id}/query`, {
      data: { members: [bob.id] },
    });
    const ch = {
      cid: `messaging:${id}`,
      path: `/channels/messaging/${id}`,
      lastSeq: r.body.last_seq as number,
    };
    const sock = await authedSocket(c.nodes[1]!.wsUrl, c.apiKey, bob.token);
    sock.send({ type: "watch", channels: [{ cid: ch.cid, since: ch.lastSeq }] });
    await sock.next((f) => f.type === "watch.ok");
    const send = async (text: string) => {
      const res = await c.chat(c.nodes[0]!, ana.token, "POST", `${ch.path}/messages`, { message: { text } });
      expect(res.status).toBe(201);
    };
    return { ch, sock, send };
  }

  const texts = (sock: RawSocket, cid: string) =>
    sock.frames.filter((f) => f.type === "message.new" && f.cid === cid).map((f) => f.message.text as string);
  const backfilled = async () => {
    const text = await (await fetch(`${c.nodes[1]!.url}/metrics`)).text();
    return Number(/^parley_events_backfilled_total (\d+)/m.exec(text)?.[1] ?? 0);
  };
  const seqs = (sock: RawSocket, cid: string) =>
    sock.frames.filter((f) => f.cid === cid && typeof f.seq === "number").map((f) => f.seq as number);

  it("backfills the lost events from the store when the next one reveals the gap", async () => {
    const { ch, sock, send } = await setup();
    await send("one");
    await waitFor(() => texts(sock, ch.cid).length === 1);

    const backfilledBefore = await backfilled();
    nodeTwoLossy.dropping = true;
    for (const t of ["two", "three", "four"]) await send(t);
    await new Promise((r) => setTimeout(r, 300));
    expect(texts(sock, ch.cid)).toEqual(["one"]);

    nodeTwoLossy.dropping = false;
    await send("five");
    await waitFor(() => texts(sock, ch.cid).length === 5);
    expect(texts(sock, ch.cid)).toEqual(["one", "two", "three", "four", "five"]);
    expect((await backfilled()) - backfilledBefore).toBe(3);
    const got = seqs(sock, ch.cid);
    expect(got).toEqual(Array.from({ length: got.length }, (_, i) => ch.lastSeq + 1 + i));
    sock.close();
  });

  it("delivers the lost last messages of a burst from the store, with no later message to reveal the gap", async () => {
    const { ch, sock, send } = await setup();
    await send("one");
    await waitFor(() => texts(sock, ch.cid).length === 1);
    nodeTwoLossy.dropping = true;
    for (const t of ["two", "three"]) await send(t);
    await new Promise((r) => setTimeout(r, 300));
    nodeTwoLossy.dropping = false;
    // nothing else is sent: the feed's periodic catch-up finds the store ahead
    await waitFor(() => texts(sock, ch.cid).length === 3, 10_000);
    expect(texts(sock, ch.cid)).toEqual(["one", "two", "three"]);
    const got = seqs(sock, ch.cid);
    expect(got).toEqual(Array.from({ length: got.length }, (_, i) => ch.lastSeq + 1 + i));
    sock.close();
  });

  it("catches up after its Redis subscriber connection is cut, without another message", async () => {
    const { ch, sock, send } = await setup();
    await send("before");
    await waitFor(() => texts(sock, ch.cid).length === 1);

    await killRedisClient(redisUrl!, `parley-sub-${nodeTwoBus.nodeId}`);
    // Sent while node 2 is (probably) still reconnecting: pub/sub drops them for it.
    for (const t of ["during 1", "during 2", "during 3"]) await send(t);
    await waitFor(() => texts(sock, ch.cid).length === 4, 10_000);
    expect(texts(sock, ch.cid)).toEqual(["before", "during 1", "during 2", "during 3"]);
    const got = seqs(sock, ch.cid);
    expect(got).toEqual(Array.from({ length: got.length }, (_, i) => ch.lastSeq + 1 + i));
    sock.close();
  });
});
