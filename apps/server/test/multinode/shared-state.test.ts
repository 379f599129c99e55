import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIGNIN_LIMIT_PER_USERNAME } from "../../src/services.js";
import { requirePostgresAndRedis } from "../helpers/required-services.js";
import { authedSocket } from "../helpers/ws-client.js";
import { type Cluster, multiNode, startCluster } from "./cluster.js";

describe.skipIf(!multiNode)("state shared across nodes", () => {
  let c: Cluster;
  beforeAll(requirePostgresAndRedis);
  beforeAll(async () => {
    c = await startCluster();
  });
  afterAll(() => c?.close());

  const signin = (url: string, username: string) =>
    fetch(`${url}/api/auth`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ action: "signin", username, password: "wrong horse" }),
    }).then((r) => r.status);

  it("counts sign-in attempts against one limit whichever node answers", async () => {
    const { id } = await c.signup(c.nodes[0]!);
    const statuses: number[] = [];
    for (let i = 0; i < SIGNIN_LIMIT_PER_USERNAME + 2; i++)
      statuses.push(await signin(c.nodes[i % 2]!.url, id));
    expect(statuses.filter((s) => s === 401)).toHaveLength(SIGNIN_LIMIT_PER_USERNAME);
    expect(statuses.slice(SIGNIN_LIMIT_PER_USERNAME)).toEqual([429, 429]);
  });

  it("shows a user online on every node while any node holds a connection of theirs, and relays typing across nodes", async () => {
    const [n0, n1] = [c.nodes[0]!, c.nodes[1]!];
    const a = await c.signup(n0);
    const b = await c.signup(n1);
    const id = `presence${Date.now()}`;
    await c.chat(n0, a.token, "POST", `/channels/messaging/${id}/query`, { data: { members: [b.id] } });
    const watcher = await authedSocket(n1.wsUrl, c.apiKey, b.token);
    watcher.send({ type: "watch", channels: [{ cid: `messaging:${id}`, since: 0 }] });
    await watcher.next((f) => f.type === "watch.ok");
    const sock = await authedSocket(n0.wsUrl, c.apiKey, a.token);
    await watcher.next((f) => f.type === "user.presence.changed" && f.user.id === a.id && f.user.online);
    await expect
      .poll(
        async () =>
          (await c.chat(n1, b.token, "POST", `/channels/messaging/${id}/query`, {})).body.members.find(
            (m: { user_id: string }) => m.user_id === a.id,
          ).user.online,
      )
      .toBe(true);
    // typing on node 0 reaches the watcher on node 1, in the channel and in a thread
    sock.send({ type: "typing.start", cid: `messaging:${id}` });
    expect(await watcher.next((f) => f.type === "typing.start" && f.user.id === a.id)).toMatchObject({
      parent_id: null,
    });
    sock.send({ type: "typing.start", cid: `messaging:${id}`, parent_id: "p1" });
    await watcher.next((f) => f.type === "typing.start" && f.parent_id === "p1");
    sock.send({ type: "typing.stop", cid: `messaging:${id}` });
    await watcher.next((f) => f.type === "typing.stop" && f.user.id === a.id);
    sock.close();
    await watcher.next((f) => f.type === "user.presence.changed" && f.user.id === a.id && !f.user.online);
    watcher.close();
  });
});
