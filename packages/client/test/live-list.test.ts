import type { ChannelEvent, UserEvent } from "@parley/protocol";
import { describe, expect, test } from "vitest";
import { connectedHarness } from "./client-harness.js";
import { at, channelData, channelState, FakeSocket, flush, me, member, message, user } from "./fakes.js";

/** A message.new event with seq `seq`, sent at `time` seconds (default: seq). */
function newMessage(channelId: string, id: string, seq: number, from = "alice", time = seq): ChannelEvent {
  return {
    type: "message.new",
    cid: `messaging:${channelId}`,
    channel_type: "messaging",
    channel_id: channelId,
    seq,
    created_at: at(time),
    message: message(id, from, seq, {
      cid: `messaging:${channelId}`,
      created_at: at(time),
      updated_at: at(time),
    }),
    user: user(from),
  };
}

function userEvent(e: UserEvent): UserEvent {
  return e;
}

async function listed() {
  const h = await connectedHarness({}, me("bob", 5));
  h.states.set(
    "a",
    channelState("a", { messages: [message("a1", "alice", 30, { cid: "messaging:a" })], unread: 1 }),
  );
  h.states.set(
    "b",
    channelState("b", { messages: [message("b1", "alice", 20, { cid: "messaging:b" })], unread: 2 }),
  );
  h.states.set("c", channelState("c", { messages: [message("c1", "alice", 10, { cid: "messaging:c" })] }));
  await h.client.queryChannels();
  const order = () => h.client.channelList.map((c) => c.id);
  const changes: string[][] = [];
  h.client.on("channels.changed", (e) => changes.push(e.cids.map((cid) => cid.split(":")[1]!)));
  return { ...h, order, changes, socket: FakeSocket.last };
}

describe("channel list, live", () => {
  test("sorted by last message; a new message moves its channel to the top", async () => {
    const { client, order, changes, socket } = await listed();
    expect(order()).toEqual(["a", "b", "c"]);
    socket.receive(newMessage("c", "c2", 11, "alice", 40));
    expect(order()).toEqual(["c", "a", "b"]);
    expect(changes).toEqual([["c", "a", "b"]]);
    // a message in the channel already on top changes nothing in the order
    socket.receive(newMessage("c", "c3", 12, "alice", 41));
    expect(changes).toHaveLength(1);
    await client.disconnectUser();
  });

  test("channel.hidden removes until a new message; removed_from_channel removes; added_to_channel adds", async () => {
    const { client, order, socket, states } = await listed();
    socket.receive(
      userEvent({
        type: "channel.hidden",
        cid: "messaging:b",
        created_at: at(50),
        channel: channelData("b"),
      }),
    );
    expect(order()).toEqual(["a", "c"]);
    socket.receive(newMessage("b", "b2", 21, "alice", 60));
    expect(order()).toEqual(["b", "a", "c"]);
    socket.receive(
      userEvent({
        type: "notification.removed_from_channel",
        cid: "messaging:a",
        created_at: at(61),
        channel: channelData("a"),
      }),
    );
    expect(order()).toEqual(["b", "c"]);
    states.set("d", channelState("d", { messages: [message("d1", "alice", 70, { cid: "messaging:d" })] }));
    socket.receive(
      userEvent({
        type: "notification.added_to_channel",
        cid: "messaging:d",
        created_at: at(70),
        channel: channelData("d", { last_message_at: at(70) }),
        member: member("bob"),
      }),
    );
    expect(order()).toEqual(["d", "b", "c"]);
    await flush();
    await flush();
    // the new channel is queried and watched
    expect(client.activeChannels.get("messaging:d")!.state.initialized).toBe(true);
    expect(client.activeChannels.get("messaging:d")!.watching).toBe(true);
    await client.disconnectUser();
  });

  test("client snapshots are immutable and only change when the client state changes", async () => {
    const { client, socket } = await listed();
    const before = client.getSnapshot();
    let notified = 0;
    client.subscribe(() => notified++);
    socket.receive(newMessage("a", "a2", 31));
    const after = client.getSnapshot();
    expect(after).not.toBe(before);
    expect(after.totalUnreadCount).toBe(before.totalUnreadCount + 1);
    expect(before.channelList).toBe(after.channelList); // order unchanged: same array
    expect(notified).toBe(1);
    await client.disconnectUser();
  });
});

describe("unread counts", () => {
  test("per channel from the read entries, +1 per message from others, 0 after the user's read", async () => {
    const { client, socket } = await listed();
    const a = client.activeChannels.get("messaging:a")!;
    expect(a.state.unreadCount).toBe(1);
    expect(client.totalUnreadCount).toBe(5); // the server's total from connection.ok
    const unread: number[] = [];
    client.on("unread.changed", (e) => unread.push(e.total_unread_count));
    socket.receive(newMessage("a", "a2", 31));
    socket.receive(newMessage("a", "a3", 32, "bob")); // own message: the channel is read
    expect(a.state.unreadCount).toBe(0);
    expect(client.totalUnreadCount).toBe(4);
    socket.receive(newMessage("a", "a4", 33));
    socket.receive({
      type: "message.read",
      cid: "messaging:a",
      channel_type: "messaging",
      channel_id: "a",
      seq: 34,
      created_at: at(34),
      user: user("bob"),
      last_read: at(34),
      last_read_message_id: "a4",
    });
    expect(a.state.unreadCount).toBe(0);
    expect(unread).toEqual([6, 4, 5, 4]);
    await client.disconnectUser();
  });

  test("muted channels are left out of the total; notification.mark_read sets the total", async () => {
    const { client, socket } = await listed();
    const b = client.activeChannels.get("messaging:b")!;
    expect(client.totalUnreadCount).toBe(5);
    socket.receive(
      userEvent({
        type: "notification.channel_mutes_updated",
        cid: "messaging:b",
        created_at: at(40),
        muted: true,
      }),
    );
    expect(b.muted).toBe(true);
    expect(client.totalUnreadCount).toBe(3);
    socket.receive(newMessage("b", "b2", 21));
    expect(b.state.unreadCount).toBe(3);
    expect(client.totalUnreadCount).toBe(3);
    socket.receive(
      userEvent({
        type: "notification.mark_read",
        cid: "messaging:a",
        created_at: at(41),
        last_read: at(41),
        last_read_message_id: "a1",
        total_unread_count: 2,
        unread_channels: 1,
      }),
    );
    expect(client.activeChannels.get("messaging:a")!.state.unreadCount).toBe(0);
    expect(client.totalUnreadCount).toBe(2);
    await client.disconnectUser();
  });

  test("markRead calls the API and clears the channel's count", async () => {
    const { client, http } = await listed();
    http.routes.unshift({
      method: "POST",
      path: "/channels/messaging/b/read",
      handler: () => ({
        body: {
          read: {
            user_id: "bob",
            last_read: at(99),
            last_read_message_id: "b1",
            unread_messages: 0,
            unread_mentions: 0,
          },
        },
      }),
    });
    const b = client.activeChannels.get("messaging:b")!;
    await b.markRead();
    expect(b.state.unreadCount).toBe(0);
    expect(b.state.read.bob?.last_read).toBe(at(99));
    expect(client.totalUnreadCount).toBe(3);
    await client.disconnectUser();
  });
});
