import { MAX_FRAME_BYTES } from "@parley/protocol";
import { describe, expect, test } from "vitest";
import { ChatApiError } from "../src/index.js";
import { connectedHarness } from "./client-harness.js";
import { at, channelState, FakeSocket, flush, message } from "./fakes.js";

interface SendBody {
  message: { id: string; text: string };
}

type Answer = { status?: number; body?: unknown };

/** A connected client watching messaging:general; every send (frame or REST) waits for `answer`. */
async function setup(options: { connectTimeout?: number } = {}) {
  const h = await connectedHarness(options);
  h.states.set("general", channelState("general", { messages: [] }));
  const channel = h.client.channel("messaging", "general");
  await channel.watch();
  const received: { body: SendBody; answer(a: Answer): void }[] = [];
  h.http.routes.unshift({
    method: "POST",
    path: "/channels/messaging/general/messages",
    handler: ({ body }) =>
      new Promise<Answer>((resolve) => received.push({ body: body as SendBody, answer: resolve })),
  });
  const created = (b: SendBody): Answer => ({
    status: 201,
    body: { message: message(b.message.id, "bob", 1, { text: b.message.text, created_at: at(5) }) },
  });
  const restPosts = () => h.http.calls.filter((c) => c.method === "POST" && c.path.endsWith("/messages"));
  return { ...h, channel, received, created, restPosts };
}

describe("sending over the socket", () => {
  test("a connected client sends a `send` frame and takes the `send.ok` answer, with no REST call", async () => {
    const { channel, received, created, restPosts, client } = await setup();
    const sending = channel.sendMessage({ text: "hi" });
    await flush();
    const [frame] = FakeSocket.last.framesOfType("send");
    expect(frame).toMatchObject({ cid: "messaging:general", message: { text: "hi" } });
    expect(frame!.message.id).toBe(received[0]!.body.message.id);
    received[0]!.answer(created(received[0]!.body));
    expect((await sending).status).toBe("received");
    expect(restPosts()).toHaveLength(0);
    await client.disconnectUser();
  });

  test("an error frame fails the message as the REST answer would, with its status, code and fields", async () => {
    const { channel, received, client } = await setup();
    const sending = channel.sendMessage({ text: "too fast" }).catch((e: unknown) => e);
    await flush();
    received[0]!.answer({ status: 429, body: { error: { code: "rate_limited", message: "slow down" } } });
    const error = (await sending) as ChatApiError;
    expect(error).toBeInstanceOf(ChatApiError);
    expect([error.status, error.code, error.message, error.retryable]).toEqual([
      429,
      "rate_limited",
      "slow down",
      true,
    ]);
    expect(channel.state.messages[0]).toMatchObject({ status: "failed", error });

    const second = channel.sendMessage({ text: "reply", parent_id: "p0" }).catch((e: unknown) => e);
    await flush();
    const frames = FakeSocket.last.framesOfType("send");
    FakeSocket.last.receive({
      type: "error",
      req_id: frames[1]!.req_id,
      code: "validation",
      message: "bad parent",
      fields: { "message.parent_id": "bad parent" },
    });
    const refused = (await second) as ChatApiError;
    expect([refused.status, refused.retryable, refused.fields]).toEqual([
      400,
      false,
      { "message.parent_id": "bad parent" },
    ]);
    await client.disconnectUser();
  });

  test("a socket that drops before the answer sends the same id over REST; the message is stored once", async () => {
    const { channel, received, created, restPosts, client } = await setup();
    const sending = channel.sendMessage({ text: "across a drop" });
    await flush();
    const id = received[0]!.body.message.id;
    FakeSocket.last.serverClose(1006);
    await flush();
    expect(restPosts().map((c) => (c.body as SendBody).message.id)).toEqual([id]);
    received[1]!.answer({ ...created(received[1]!.body), status: 200 });
    expect((await sending).status).toBe("received");
    expect(channel.state.messages.filter((m) => m.id === id)).toHaveLength(1);
    await client.disconnectUser();
  });

  test("with no answer within the connect timeout the send goes over REST", async () => {
    const { channel, received, created, restPosts, client } = await setup({ connectTimeout: 30 });
    const sending = channel.sendMessage({ text: "slow socket" });
    await new Promise((r) => setTimeout(r, 60));
    expect(restPosts()).toHaveLength(1);
    received[1]!.answer(created(received[1]!.body));
    expect((await sending).status).toBe("received");
    await client.disconnectUser();
  });

  test("a message whose frame would pass the frame limit goes over REST and the socket stays", async () => {
    const { channel, received, created, restPosts, client } = await setup();
    const text = "é".repeat(MAX_FRAME_BYTES / 2);
    const sending = channel.sendMessage({ text });
    await flush();
    expect(FakeSocket.last.framesOfType("send")).toHaveLength(0);
    expect(restPosts()).toHaveLength(1);
    received[0]!.answer(created(received[0]!.body));
    expect((await sending).status).toBe("received");
    expect(client.online).toBe(true);
    await client.disconnectUser();
  });

  test("a client that is not connected sends over REST", async () => {
    const { channel, received, created, restPosts, client } = await setup();
    FakeSocket.last.serverClose(1006);
    expect(client.online).toBe(false);
    const sending = channel.sendMessage({ text: "offline" });
    await flush();
    expect(restPosts()).toHaveLength(1);
    received[0]!.answer(created(received[0]!.body));
    expect((await sending).status).toBe("received");
    await client.disconnectUser();
  });
});
