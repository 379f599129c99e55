/**
 * System messages never notify: with a device subscribed and the channel at level `all`, a
 * rename, a topic and member changes push nothing while the regular message after them does.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PushEndpoint } from "../helpers/push-endpoint.js";
import { startTestServer, type TestServer, uniqueName } from "../helpers/test-server.js";

let s: TestServer;
const push = new PushEndpoint();

beforeAll(async () => {
  await push.start();
  s = await startTestServer({ OUTBOUND_ALLOW_LOOPBACK: "true", PUBLIC_URL: "https://chat.example.com" });
});
afterAll(async () => {
  await s.close();
  await push.close();
});

/** Everything queued has been planned and every due push sent (whichever node holds the lease). */
async function settled(): Promise<void> {
  for (let i = 0; i < 200; i++) {
    for (const node of s.nodes) await node.push.runOnce();
    const queued = await s.app.store.notifications.queued(1);
    const due = await s.app.store.notifications.dueDeliveries("9999-12-31T00:00:00.000Z", 1);
    if (queued.length === 0 && due.every((d) => d.attempts > 0)) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error("the push worker did not settle");
}

describe("system messages and notifications", () => {
  it("push nothing, while the regular message after them pushes", async () => {
    const [ana, bob, cy] = (await s.users(3)) as [any, any, any];
    const device = push.device(uniqueName("dev"));
    expect((await s.chat(bob.token, "POST", "/push/subscriptions", device.json)).status).toBe(201);
    const id = uniqueName("n");
    const path = `/channels/messaging/${id}`;
    await s.chat(ana.token, "POST", `${path}/query`, { data: { name: "before", members: [bob.id] } });
    expect((await s.chat(bob.token, "PUT", `${path}/notifications`, { level: "all" })).status).toBe(200);
    await s.chat(ana.token, "PATCH", path, { set: { name: "after", topic: "news" } });
    await s.chat(ana.token, "POST", `${path}/members`, { add: [cy.id] });
    await s.chat(ana.token, "POST", `${path}/members`, { remove: [cy.id] });
    const sent = await s.chat(ana.token, "POST", `${path}/messages`, { message: { text: "hello" } });
    await settled();
    const system = (await s.chat(bob.token, "GET", `${path}/messages`)).body.messages.filter(
      (m: any) => m.type === "system",
    );
    expect(system).toHaveLength(4);
    expect(push.of(device.name).map((p) => p.payload.message_id)).toEqual([sent.body.message.id]);
  });
});
