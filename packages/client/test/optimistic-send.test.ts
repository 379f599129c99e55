import type { MessageResponse } from "@parley/protocol";
import { describe, expect, test } from "vitest";
import { ChatApiError, ChatNetworkError } from "../src/index.js";
import { connectedHarness } from "./client-harness.js";
import { at, channelState, FakeSocket, flush, message, user } from "./fakes.js";

interface SendBody {
  message: { id: string; text: string };
}

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** The REST path: every `send` frame fails to be written, so the SDK sends over REST instead. */
async function setup() {
  const h = await connectedHarness();
  FakeSocket.refuse = (frame) => frame.type === "send";
  h.states.set("general", channelState("general", { messages: [message("m1", "alice", 1)] }));
  const channel = h.client.channel("messaging", "general");
  await channel.watch();
  const requests: {
    body: SendBody;
    answer: ReturnType<typeof deferred<{ status?: number; body?: unknown }>>;
  }[] = [];
  h.http.routes.unshift({
    method: "POST",
    path: "/channels/messaging/general/messages",
    handler: ({ body }) => {
      const answer = deferred<{ status?: number; body?: unknown }>();
      requests.push({ body: body as SendBody, answer });
      return answer.promise;
    },
  });
  const serverCopy = (b: SendBody, seq: number): MessageResponse =>
    message(b.message.id, "bob", seq, {
      text: b.message.text,
      created_at: at(100),
      updated_at: at(100),
      cid: "messaging:general",
    });
  return { ...h, channel, requests, serverCopy };
}

describe("optimistic sends", () => {
  test("the message is in the state at once as 'sending', then replaced by the server's copy as 'received'", async () => {
    const { channel, requests, serverCopy, client } = await setup();
    const sending = channel.sendMessage({ text: "hello" });
    expect(channel.state.messages.map((m) => [m.text, m.status])).toEqual([
      ["text m1", "received"],
      ["hello", "sending"],
    ]);
    await flush();
    const req = requests[0]!;
    const id = req.body.message.id;
    // A UUIDv7: new messages' ids sort in the order they were made (newMessageId).
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(channel.state.messages[1]!.id).toBe(id);
    req.answer.resolve({ status: 201, body: { message: serverCopy(req.body, 2) } });
    const sent = await sending;
    expect(sent.status).toBe("received");
    expect(channel.state.messages.map((m) => [m.id, m.status])).toEqual([
      ["m1", "received"],
      [id, "received"],
    ]);
    expect(channel.state.messages[1]!.seq).toBe(2);
    // the event for the same message (seq 2) arrives after the answer: still one message
    FakeSocket.last.receive({
      type: "message.new",
      cid: "messaging:general",
      channel_type: "messaging",
      channel_id: "general",
      seq: 2,
      created_at: at(100),
      message: serverCopy(req.body, 2),
      user: user("bob"),
    });
    expect(channel.state.messages).toHaveLength(2);
    expect(channel.state.lastSeq).toBe(2);
    await client.disconnectUser();
  });

  test("an error marks it 'failed'; retrySend sends again with the same id", async () => {
    const { channel, requests, serverCopy, client } = await setup();
    const first = channel.sendMessage({ text: "again" });
    await flush();
    requests[0]!.answer.resolve({ status: 503, body: { error: { code: "unavailable", message: "down" } } });
    const error = await first.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChatApiError);
    expect((error as ChatApiError).status).toBe(503);
    const failed = channel.state.messages.find((m) => m.text === "again")!;
    expect(failed.status).toBe("failed");
    expect(failed.error).toBe(error);

    const retry = channel.retrySend(failed.id);
    expect(channel.state.messages.find((m) => m.id === failed.id)!.status).toBe("sending");
    await flush();
    expect(requests[1]!.body.message.id).toBe(failed.id);
    requests[1]!.answer.resolve({ status: 200, body: { message: serverCopy(requests[1]!.body, 2) } });
    await retry;
    expect(channel.state.messages.filter((m) => m.id === failed.id).map((m) => m.status)).toEqual([
      "received",
    ]);
    await client.disconnectUser();
  });

  test("if the event arrives first, a late failure of the request does not mark the message failed", async () => {
    const { channel, requests, serverCopy, client } = await setup();
    const p = channel.sendMessage({ text: "raced" });
    await flush();
    const body = requests[0]!.body;
    FakeSocket.last.receive({
      type: "message.new",
      cid: "messaging:general",
      channel_type: "messaging",
      channel_id: "general",
      seq: 2,
      created_at: at(100),
      message: serverCopy(body, 2),
      user: user("bob"),
    });
    requests[0]!.answer.reject(new TypeError("fetch failed"));
    await expect(p).rejects.toBeInstanceOf(ChatNetworkError);
    expect(channel.state.messages.find((m) => m.id === body.message.id)!.status).toBe("received");
    await client.disconnectUser();
  });

  test("pending sends are retried with their client id after a reconnect", async () => {
    const { channel, requests, serverCopy, client } = await setup();
    const p = channel.sendMessage({ text: "while offline" }).catch((e: unknown) => e);
    await flush();
    requests[0]!.answer.reject(new TypeError("network down"));
    expect(await p).toBeInstanceOf(ChatNetworkError);
    const id = requests[0]!.body.message.id;
    FakeSocket.last.serverClose(1006);
    await new Promise((r) => setTimeout(r, 50));
    expect(client.online).toBe(true);
    expect(requests).toHaveLength(2);
    expect(requests[1]!.body.message).toEqual({ id, text: "while offline" });
    requests[1]!.answer.resolve({ status: 201, body: { message: serverCopy(requests[1]!.body, 2) } });
    await flush();
    expect(channel.state.messages.find((m) => m.id === id)!.status).toBe("received");
    await client.disconnectUser();
  });

  test("a validation error is not retried on reconnect", async () => {
    const { channel, requests, client } = await setup();
    const p = channel.sendMessage({ text: "x".repeat(10) }).catch((e: unknown) => e);
    await flush();
    requests[0]!.answer.resolve({
      status: 400,
      body: { error: { code: "validation", message: "too long" } },
    });
    await p;
    FakeSocket.last.serverClose(1006);
    await new Promise((r) => setTimeout(r, 50));
    expect(requests).toHaveLength(1);
    await client.disconnectUser();
  });

  test("discardMessage drops a failed send: gone from the state, never resent after a reconnect", async () => {
    const { channel, requests, client } = await setup();
    const p = channel.sendMessage({ text: "give up" }).catch((e: unknown) => e);
    await flush();
    requests[0]!.answer.resolve({ status: 503, body: { error: { code: "unavailable", message: "down" } } });
    await p;
    const failed = channel.state.messages.find((m) => m.text === "give up")!;
    expect(failed.status).toBe("failed");
    channel.discardMessage(failed.id);
    expect(channel.state.messages.map((m) => m.id)).toEqual(["m1"]);
    // a received message is not discarded
    channel.discardMessage("m1");
    expect(channel.state.messages.map((m) => m.id)).toEqual(["m1"]);
    FakeSocket.last.serverClose(1006);
    await new Promise((r) => setTimeout(r, 50));
    expect(requests).toHaveLength(1);
    await client.disconnectUser();
  });
});
