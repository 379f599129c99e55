import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { UnitOfWork } from "../../src/store/store.js";
import { deferred } from "../helpers/deferred.js";
import { startTestServer, type TestServer, uniqueName } from "../helpers/test-server.js";
import { authedSocket } from "../helpers/ws-client.js";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ SINGLE_NODE: "1" });
});
afterAll(() => s.close());

describe("a connection's sends to one channel on SQLite", () => {
  it("queue for the same commit while keeping the order they were sent in", async () => {
    const [ana, bob] = await s.users(2);
    const id = uniqueName("pipe");
    await s.chat(ana!.token, "POST", `/channels/messaging/${id}/query`, { data: { members: [bob!.id] } });
    const sender = await authedSocket(s.wsUrl, s.apiKey, ana!.token);
    const store = s.app.store;
    // Transactions asked for wait at a gate, as they would behind a long batch, and are counted.
    const transaction = store.transaction;
    let asked = 0;
    const gate = deferred();
    store.transaction = <T>(fn: (tx: UnitOfWork) => Promise<T>, key?: string) => {
      asked++;
      return gate.promise.then(() => transaction.call(store, fn, key) as Promise<T>);
    };
    try {
      const order = Array.from({ length: 8 }, (_, i) => `p${i}`);
      for (const text of order)
        sender.send({ type: "send", req_id: text, cid: `messaging:${id}`, message: { text } });
      // Each send takes its place behind the one before, without waiting for its commit.
      await vi.waitFor(() => expect(asked).toBe(order.length), { timeout: 5_000 });
      gate.resolve();
      const acks = await Promise.all(
        order.map((t) => sender.next((f) => f.type === "send.ok" && f.req_id === t)),
      );
      const seqs = acks.map((a) => a.message.seq as number);
      expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
      const page = await s.chat(ana!.token, "GET", `/channels/messaging/${id}/messages`);
      expect(page.body.messages.map((m: { text: string }) => m.text)).toEqual(order);
    } finally {
      store.transaction = transaction;
    }
    sender.close();
  });
});
