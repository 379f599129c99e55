import type { ChannelEvent, MessageResponse, ReactionResponse } from "@parley/protocol";
import { describe, expect, test } from "vitest";
import { hasOwnReaction, withOptimisticReaction } from "../src/index.js";
import { connectedHarness } from "./client-harness.js";
import { at, channelState, FakeSocket, flush, message, user } from "./fakes.js";

const CID = "messaging:general";

function event(seq: number, body: Record<string, unknown>): ChannelEvent {
  return {
    cid: CID,
    channel_type: "messaging",
    channel_id: "general",
    seq,
    created_at: at(seq),
    ...body,
  } as unknown as ChannelEvent;
}

function reaction(messageId: string, userId: string, type: string): ReactionResponse {
  return { message_id: messageId, user_id: userId, type, created_at: at(50) };
}

async function setup(messages: MessageResponse[] = [message("m1", "alice", 1)]) {
  const h = await connectedHarness();
  h.states.set("general", channelState("general", { messages }));
  const channel = h.client.channel("messaging", "general");
  await channel.watch();
  return { ...h, channel };
}

describe("reactions", () => {
  test("optimistic toggles move the count, own reactions and latest reactions together", () => {
    const m = { ...message("m1", "alice", 1), status: "received" as const };
    const added = withOptimisticReaction(m, "👍", user("bob"), true);
    expect(added.reaction_counts).toEqual({ "👍": 1 });
    expect(hasOwnReaction(added, "👍")).toBe(true);
    expect(added.latest_reactions.map((r) => r.user_id)).toEqual(["bob"]);
    expect(withOptimisticReaction(added, "👍", user("bob"), true)).toBe(added);
    const removed = withOptimisticReaction(added, "👍", user("bob"), false);
    expect(removed.reaction_counts).toEqual({});
    expect(hasOwnReaction(removed, "👍")).toBe(false);
  });

  test("toggleReaction shows at once, keeps the server's own reactions, and follows the events' counts", async () => {
    const { channel, http } = await setup();
    const answered = {
      ...message("m1", "alice", 1),
      reaction_counts: { "🎉": 1 },
      own_reactions: [reaction("m1", "bob", "🎉")],
    };
    http.routes.unshift({
      method: "POST",
      path: "/messages/m1/reaction",
      handler: () => ({ status: 201, body: { message: answered, reaction: reaction("m1", "bob", "🎉") } }),
    });
    const pending = channel.toggleReaction("m1", "🎉");
    expect(channel.state.messages[0]!.reaction_counts).toEqual({ "🎉": 1 });
    await pending;
    expect(hasOwnReaction(channel.state.messages[0]!, "🎉")).toBe(true);
    // Another user's reaction event: counts from the event, own reactions kept (events carry none).
    FakeSocket.last.receive(
      event(2, {
        type: "reaction.new",
        message: { ...message("m1", "alice", 1), reaction_counts: { "🎉": 2 } },
        reaction: { ...reaction("m1", "alice", "🎉"), user: user("alice") },
        user: user("alice"),
      }),
    );
    expect(channel.state.messages[0]!.reaction_counts).toEqual({ "🎉": 2 });
    expect(hasOwnReaction(channel.state.messages[0]!, "🎉")).toBe(true);
    // The user's own removal comes back as an event too.
    FakeSocket.last.receive(
      event(3, {
        type: "reaction.deleted",
        message: { ...message("m1", "alice", 1), reaction_counts: { "🎉": 1 } },
        reaction: reaction("m1", "bob", "🎉"),
        user: user("bob"),
      }),
    );
    expect(hasOwnReaction(channel.state.messages[0]!, "🎉")).toBe(false);
  });

  test("a refused reaction is taken back", async () => {
    const { channel, http } = await setup();
    http.routes.unshift({
      method: "POST",
      path: "/messages/m1/reaction",
      handler: () => ({ status: 400, body: { error: { code: "validation", message: "deleted" } } }),
    });
    await expect(channel.sendReaction("m1", "👍")).rejects.toThrow("deleted");
    expect(channel.state.messages[0]!.reaction_counts).toEqual({});
    expect(channel.state.messages[0]!.own_reactions).toEqual([]);
  });
});

describe("threads", () => {
  test("a thread loads its replies, follows reply and parent events, and sends replies optimistically", async () => {
    const parent = message("p1", "bob", 1);
    const { channel, http } = await setup([parent]);
    http.routes.unshift({
      method: "GET",
      path: "/messages/p1/replies",
      handler: ({ url }) => {
        expect(url.searchParams.get("limit")).toBe("100");
        return { body: { messages: [message("r1", "alice", 2, { parent_id: "p1" })] } };
      },
    });
    const thread = channel.thread("p1");
    expect(channel.thread("p1")).toBe(thread);
    await thread.load();
    expect(thread.state.parent?.id).toBe("p1");
    expect(thread.state.replies.map((m) => m.id)).toEqual(["r1"]);
    expect(thread.state.hasMoreOlder).toBe(false);

    // A reply by someone else: in the thread, not in the channel; bob wrote the parent → unread.
    FakeSocket.last.receive(
      event(2, {
        type: "message.new",
        message: message("r2", "alice", 3, { parent_id: "p1" }),
        user: user("alice"),
      }),
    );
    expect(thread.state.replies.map((m) => m.id)).toEqual(["r1", "r2"]);
    expect(channel.state.messages.map((m) => m.id)).toEqual(["p1"]);
    expect(channel.state.threadUnread).toEqual({ p1: 1 });
    FakeSocket.last.receive(
      event(3, {
        type: "thread.updated",
        message: { ...parent, reply_count: 2, thread_participants: ["bob", "alice"] },
      }),
    );
    expect(channel.state.messages[0]!.reply_count).toBe(2);
    expect(thread.state.parent?.reply_count).toBe(2);

    // Reading the thread clears the count.
    http.routes.unshift({ method: "POST", path: "/messages/p1/thread/read", handler: () => ({ body: {} }) });
    await thread.markRead();
    expect(channel.state.threadUnread).toEqual({});

    // Sending a reply: pending in the thread at once, then the server's copy.
    http.routes.unshift({
      method: "POST",
      path: "/channels/messaging/general/messages",
      handler: ({ body }) => {
        const sent = (body as { message: { id: string; text: string; parent_id: string } }).message;
        expect(sent.parent_id).toBe("p1");
        return {
          status: 201,
          body: {
            message: message(sent.id, "bob", 5, { parent_id: "p1", text: sent.text, created_at: at(5) }),
          },
        };
      },
    });
    const sending = channel.sendMessage({ text: "mine", parent_id: "p1" });
    expect(thread.state.replies.at(-1)).toMatchObject({ text: "mine", status: "sending" });
    await sending;
    expect(thread.state.replies.at(-1)).toMatchObject({ text: "mine", status: "received" });
    expect(channel.state.messages.map((m) => m.id)).toEqual(["p1"]);
  });

  test("a failed reply is marked failed in its thread and can be retried", async () => {
    const { channel, http } = await setup([message("p1", "bob", 1)]);
    http.routes.unshift({
      method: "GET",
      path: "/messages/p1/replies",
      handler: () => ({ body: { messages: [] } }),
    });
    const thread = channel.thread("p1");
    await thread.load();
    let fail = true;
    http.routes.unshift({
      method: "POST",
      path: "/channels/messaging/general/messages",
      handler: ({ body }) => {
        const sent = (body as { message: { id: string; text: string } }).message;
        if (fail) return { status: 503, body: { error: { code: "unavailable", message: "down" } } };
        return {
          status: 201,
          body: {
            message: message(sent.id, "bob", 2, { parent_id: "p1", text: sent.text, created_at: at(2) }),
          },
        };
      },
    });
    await expect(channel.sendMessage({ text: "retry me", parent_id: "p1" })).rejects.toThrow("down");
    const failed = thread.state.replies[0]!;
    expect(failed.status).toBe("failed");
    fail = false;
    await channel.retrySend(failed.id);
    expect(thread.state.replies[0]).toMatchObject({ id: failed.id, status: "received" });
  });

  test("refreshUnread applies the unread replies of threads per channel", async () => {
    const { channel, client, http } = await setup([message("p1", "bob", 1)]);
    http.routes.unshift({
      method: "GET",
      path: "/unread",
      handler: () => ({
        body: {
          total_unread_count: 0,
          channels: [],
          threads: [{ parent_id: "p1", cid: CID, unread_replies: 3 }],
        },
      }),
    });
    await client.refreshUnread();
    expect(channel.state.threadUnread).toEqual({ p1: 3 });
  });
});

describe("pins, history, files", () => {
  test("pinning applies the answer; history and pinned lists come from their endpoints", async () => {
    const { channel, client, http } = await setup();
    http.routes.unshift(
      {
        method: "POST",
        path: "/messages/m1/pin",
        handler: () => ({
          body: {
            message: {
              ...message("m1", "alice", 1),
              pinned_at: at(9),
              updated_at: at(9),
              pinned_by_id: "bob",
            },
          },
        }),
      },
      {
        method: "GET",
        path: "/channels/messaging/general/pinned",
        handler: () => ({ body: { messages: [message("m1", "alice", 1)] } }),
      },
      {
        method: "POST",
        path: "/messages/history",
        handler: ({ body }) => {
          expect(body).toEqual({
            filter: { message_id: "m1" },
            sort: [{ field: "created_at", direction: -1 }],
          });
          return {
            body: {
              message_history: [
                { message_id: "m1", version: 2, text: "b", user_id: "alice", created_at: at(3) },
              ],
            },
          };
        },
      },
    );
    await channel.pinMessage("m1");
    expect(channel.state.messages[0]!.pinned_at).toBe(at(9));
    expect((await channel.getPinnedMessages()).map((m) => m.id)).toEqual(["m1"]);
    expect((await client.getMessageHistory("m1")).map((v) => v.text)).toEqual(["b"]);
  });

  test("fetchFile sends the api key and the bearer token", async () => {
    const { client, http } = await setup();
    http.routes.unshift({ method: "GET", path: "/uploads/f1", handler: () => ({ body: { bytes: true } }) });
    const blob = await client.fetchFile("/chat/uploads/f1");
    expect(await blob.text()).toBe('{"bytes":true}');
    const call = http.calls.at(-1)!;
    expect(call.url.searchParams.get("api_key")).toBe("key");
    expect(call.headers.Authorization).toBe("Bearer token");
    http.routes.unshift({ method: "GET", path: "/uploads/gone", handler: () => ({ status: 404 }) });
    await expect(client.fetchFile("/chat/uploads/gone")).rejects.toMatchObject({ status: 404 });
    await flush();
  });
});
