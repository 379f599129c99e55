import type { NotificationSettings, UserEvent } from "@parley/protocol";
import { afterEach, describe, expect, test } from "vitest";
import { connectedHarness } from "./client-harness.js";
import { at, channelState, FakeSocket, flush, me, message } from "./fakes.js";

afterEach(() => FakeSocket.reset());

const userEvent = (e: UserEvent) => e;

function settings(overrides: Partial<NotificationSettings> = {}): NotificationSettings {
  return {
    default_level: "mentions",
    dnd_until: null,
    push_available: true,
    email: { address: null, verified: false, digest: true, delay_minutes: 15 },
    email_available: false,
    ...overrides,
  };
}

async function withChannel(opts: Parameters<typeof channelState>[1] = {}) {
  const h = await connectedHarness();
  h.states.set("a", channelState("a", opts));
  const channel = h.client.channel("messaging", "a");
  await channel.watch();
  return { ...h, channel, socket: FakeSocket.last };
}

describe("notification state", () => {
  test("notification.settings_updated keeps client.user.notify current", async () => {
    const { client, socket } = await withChannel();
    const before = client.state;
    socket.receive(
      userEvent({
        type: "notification.settings_updated",
        cid: "",
        created_at: at(1),
        notify: { default_level: "all", dnd_until: at(100) },
      }),
    );
    expect(client.user?.notify).toEqual({ default_level: "all", dnd_until: at(100) });
    expect(client.state).not.toBe(before);
    await client.disconnectUser();
  });

  test("a channel's level and mute (with its end) follow their events", async () => {
    const { client, channel, socket } = await withChannel();
    expect(channel.notifyLevel).toBe("default");
    socket.receive(
      userEvent({
        type: "notification.channel_level_updated",
        cid: "messaging:a",
        created_at: at(1),
        level: "none",
      }),
    );
    expect(channel.state.membership?.notify_level).toBe("none");

    const until = new Date(Date.now() + 3_600_000).toISOString();
    socket.receive(
      userEvent({
        type: "notification.channel_mutes_updated",
        cid: "messaging:a",
        created_at: at(2),
        muted: true,
        muted_until: until,
      }),
    );
    expect(channel.state.membership).toMatchObject({ muted: true, muted_until: until, notify_level: "none" });
    expect(channel.muted).toBe(true);
    expect(channel.mutedUntil).toBe(until);

    socket.receive(
      userEvent({
        type: "notification.channel_mutes_updated",
        cid: "messaging:a",
        created_at: at(3),
        muted: false,
      }),
    );
    expect(channel.state.membership).toMatchObject({ muted: false, muted_until: null });
    expect(channel.muted).toBe(false);
    await client.disconnectUser();
  });

  test("a mute whose end has passed no longer counts", async () => {
    const { client, channel, socket } = await withChannel();
    socket.receive(
      userEvent({
        type: "notification.channel_mutes_updated",
        cid: "messaging:a",
        created_at: at(2),
        muted: true,
        muted_until: new Date(Date.now() - 1000).toISOString(),
      }),
    );
    expect(channel.state.membership?.muted).toBe(true);
    expect(channel.muted).toBe(false);
    expect(channel.mutedUntil).toBeNull();
    await client.disconnectUser();
  });

  test("update() sends the patch (a Date as ISO) and takes the answer into client.user.notify", async () => {
    const { client, http } = await withChannel();
    const dnd = new Date("2030-01-01T09:00:00.000Z");
    http.routes.push({
      method: "PATCH",
      path: "/me/notifications",
      handler: ({ body }) => ({
        body: {
          settings: settings({ ...(body as object), dnd_until: (body as { dnd_until: string }).dnd_until }),
        },
      }),
    });
    const answer = await client.notifications.update({ dnd_until: dnd, default_level: "all" });
    expect(http.calls.at(-1)?.body).toEqual({ dnd_until: dnd.toISOString(), default_level: "all" });
    expect(answer.dnd_until).toBe(dnd.toISOString());
    expect(client.user?.notify).toEqual({ default_level: "all", dnd_until: dnd.toISOString() });
    await client.disconnectUser();
  });

  test("setChannelLevel and mute({ until }) call the table's routes and apply their answers", async () => {
    const { client, channel, http, states } = await withChannel();
    const membership = { ...states.get("a")!.membership!, notify_level: "all" as const };
    http.routes.push(
      {
        method: "PUT",
        path: "/channels/messaging/a/notifications",
        handler: () => ({ body: { membership } }),
      },
      { method: "POST", path: "/channels/messaging/a/mute", handler: () => ({ body: {} }) },
    );
    await client.notifications.setChannelLevel("messaging:a", "all");
    expect(http.calls.at(-1)).toMatchObject({ method: "PUT", body: { level: "all" } });
    expect(channel.notifyLevel).toBe("all");

    const until = new Date(Date.now() + 60_000);
    await channel.mute({ until });
    expect(http.calls.at(-1)).toMatchObject({ method: "POST", body: { until: until.toISOString() } });
    expect(channel.mutedUntil).toBe(until.toISOString());
    await channel.mute();
    expect(http.calls.at(-1)?.body).toEqual({});
    expect(channel.state.membership).toMatchObject({ muted: true, muted_until: null });
    await client.disconnectUser();
  });
});

describe("client.notifyReason", () => {
  test("applies the default and channel levels, DND, mutes and muted users", async () => {
    const { client, channel, socket } = await withChannel({
      messages: [message("p1", "bob", 1, { cid: "messaging:a" })],
    });
    const plain = message("m1", "alice", 2, { cid: "messaging:a" });
    const mention = { ...plain, id: "m2", mentioned_users: ["bob"] };
    const reply = { ...plain, id: "m3", parent_id: "p1" };
    // the default level is `mentions`
    expect(client.notifyReason("messaging:a", plain)).toBeNull();
    expect(client.notifyReason("messaging:a", mention)).toBe("mention");
    expect(client.notifyReason("messaging:a", reply)).toBe("reply");
    expect(client.notifyReason("messaging:a", { ...plain, user: { id: "bob" } })).toBeNull();

    socket.receive(
      userEvent({
        type: "notification.channel_level_updated",
        cid: "messaging:a",
        created_at: at(1),
        level: "all",
      }),
    );
    expect(client.notifyReason("messaging:a", plain)).toBe("all");

    const soon = new Date(Date.now() + 60_000).toISOString();
    socket.receive(
      userEvent({
        type: "notification.settings_updated",
        cid: "",
        created_at: at(2),
        notify: { default_level: "mentions", dnd_until: soon },
      }),
    );
    expect(client.notifyReason("messaging:a", mention)).toBeNull();
    // once Do Not Disturb has ended, the message notifies again
    expect(client.notifyReason("messaging:a", mention, new Date(Date.now() + 120_000))).toBe("mention");
    socket.receive(
      userEvent({
        type: "notification.settings_updated",
        cid: "",
        created_at: at(3),
        notify: { default_level: "mentions", dnd_until: null },
      }),
    );
    socket.receive(
      userEvent({
        type: "notification.channel_mutes_updated",
        cid: "messaging:a",
        created_at: at(4),
        muted: true,
        muted_until: soon,
      }),
    );
    expect(client.notifyReason("messaging:a", mention)).toBeNull();
    expect(client.notifyReason("messaging:a", mention, new Date(Date.now() + 120_000))).toBe("mention");
    socket.receive(
      userEvent({
        type: "notification.channel_mutes_updated",
        cid: "messaging:a",
        created_at: at(5),
        muted: false,
      }),
    );
    socket.receive({ type: "user.muted", cid: "", created_at: at(6), target_id: "alice" });
    expect(client.user?.mutes).toEqual(["alice"]);
    expect(client.notifyReason("messaging:a", mention)).toBeNull();
    expect(channel.muted).toBe(false);
    await client.disconnectUser();
  });

  test("a DM notifies at `mentions`; a loaded channel the user is not in never does", async () => {
    const h = await connectedHarness();
    h.states.set("dm", channelState("dm", { channel: { is_direct: true } }));
    h.states.set("team", channelState("team", { members: ["alice"] }));
    await h.client.channel("messaging", "dm").watch();
    await h.client.channel("messaging", "team").watch();
    const text = message("m1", "alice", 1, { cid: "messaging:dm" });
    expect(h.client.notifyReason("messaging:dm", text)).toBe("direct");
    expect(h.client.notifyReason("messaging:team", { ...text, mentioned_users: ["bob"] })).toBeNull();
    await h.client.disconnectUser();
  });
});

describe("focus frame", () => {
  test("sent when it changes and again after every reconnect", async () => {
    const self = me("bob");
    const h = await connectedHarness({}, self);
    const first = FakeSocket.last;
    h.client.setFocused(true);
    h.client.setFocused(true);
    expect(first.framesOfType("focus")).toEqual([{ type: "focus", focused: true }]);

    self.notify = { default_level: "none", dnd_until: null };
    first.serverClose(1006, "network gone");
    expect(h.client.online).toBe(false);
    // changed while offline: goes out once the connection is back
    h.client.setFocused(false);
    await flush();
    for (let i = 0; i < 20 && !h.client.online; i += 1) await new Promise((r) => setTimeout(r, 10));
    const second = FakeSocket.last;
    expect(second).not.toBe(first);
    expect(second.framesOfType("focus")).toEqual([{ type: "focus", focused: false }]);
    // the reconnect's connection.ok carries the settings changed meanwhile
    expect(h.client.user?.notify.default_level).toBe("none");

    second.serverClose(1006, "again");
    for (let i = 0; i < 20 && FakeSocket.last === second; i += 1) await new Promise((r) => setTimeout(r, 10));
    for (let i = 0; i < 20 && !h.client.online; i += 1) await new Promise((r) => setTimeout(r, 10));
    expect(FakeSocket.last.framesOfType("focus")).toEqual([{ type: "focus", focused: false }]);
    await h.client.disconnectUser();
  });

  test("not sent before the page says anything", async () => {
    const h = await connectedHarness();
    expect(FakeSocket.last.framesOfType("focus")).toEqual([]);
    await h.client.disconnectUser();
  });
});
