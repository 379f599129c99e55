import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { TypingIndicators, TypingSender } from "../src/index.js";
import { connectedHarness } from "./client-harness.js";
import { at, channelState, FakeSocket, flush, user } from "./fakes.js";

describe("incoming typing indicators (spec §9: 7 s)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  test("an entry expires 7 s after its last typing.start unless refreshed; typing.stop removes it at once", () => {
    const live = new Map<string, unknown>();
    const t = new TypingIndicators(7_000, (id, entry) => (entry ? live.set(id, entry) : live.delete(id)));
    t.start(user("alice"), at(0));
    vi.advanceTimersByTime(6_999);
    expect(live.has("alice")).toBe(true);
    vi.advanceTimersByTime(1);
    expect(live.has("alice")).toBe(false);

    t.start(user("alice"), at(10));
    vi.advanceTimersByTime(5_000);
    t.start(user("alice"), at(15)); // refreshed: lives until 15 + 7
    vi.advanceTimersByTime(6_000);
    expect(live.has("alice")).toBe(true);
    vi.advanceTimersByTime(1_000);
    expect(live.has("alice")).toBe(false);

    t.start(user("carol"), at(30));
    t.stop("carol");
    expect(live.has("carol")).toBe(false);
  });

  test("channel.state.typing follows typing events and expires, with snapshots changing each time", async () => {
    vi.useRealTimers();
    const h = await connectedHarness();
    h.states.set("general", channelState("general"));
    const channel = h.client.channel("messaging", "general");
    await channel.watch();
    vi.useFakeTimers();
    const socket = FakeSocket.last;
    const seen: object[] = [];
    channel.subscribe(() => seen.push(channel.state.typing));
    socket.receive({
      type: "typing.start",
      cid: "messaging:general",
      user: user("alice"),
      created_at: at(1),
    });
    expect(Object.keys(channel.state.typing)).toEqual(["alice"]);
    // own typing echoes are ignored
    socket.receive({ type: "typing.start", cid: "messaging:general", user: user("bob"), created_at: at(1) });
    expect(Object.keys(channel.state.typing)).toEqual(["alice"]);
    vi.advanceTimersByTime(7_000);
    expect(channel.state.typing).toEqual({});
    expect(seen).toHaveLength(2);
    expect(seen[0]).not.toBe(seen[1]);
    socket.receive({
      type: "typing.start",
      cid: "messaging:general",
      user: user("alice"),
      created_at: at(2),
    });
    socket.receive({ type: "typing.stop", cid: "messaging:general", user: user("alice"), created_at: at(3) });
    expect(channel.state.typing).toEqual({});
    vi.useRealTimers();
    await h.client.disconnectUser();
  });

  test("typing in a thread has its own entry, apart from the channel's", async () => {
    vi.useRealTimers();
    const h = await connectedHarness();
    h.states.set("general", channelState("general"));
    const channel = h.client.channel("messaging", "general");
    await channel.watch();
    const socket = FakeSocket.last;
    const alice = user("alice");
    socket.receive({
      type: "typing.start",
      cid: "messaging:general",
      parent_id: "p1",
      user: alice,
      created_at: at(1),
    });
    socket.receive({
      type: "typing.start",
      cid: "messaging:general",
      parent_id: null,
      user: alice,
      created_at: at(1),
    });
    const entries = () =>
      Object.values(channel.state.typing)
        .map((t) => `${t.user.id}@${t.parent_id ?? "channel"}`)
        .sort();
    expect(entries()).toEqual(["alice@channel", "alice@p1"]);
    socket.receive({
      type: "typing.stop",
      cid: "messaging:general",
      parent_id: "p1",
      user: alice,
      created_at: at(2),
    });
    expect(entries()).toEqual(["alice@channel"]);
    await h.client.disconnectUser();
  });
});

describe("outgoing typing", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  test("typing.start at most every 2 s while typing, typing.stop 3 s after the last keystroke", () => {
    const sent: string[] = [];
    const s = new TypingSender({ send: (t) => sent.push(t), now: () => Date.now() });
    s.keystroke();
    vi.advanceTimersByTime(500);
    s.keystroke();
    vi.advanceTimersByTime(500);
    s.keystroke();
    expect(sent).toEqual(["typing.start"]);
    vi.advanceTimersByTime(1_000); // 2 s after the first start
    s.keystroke();
    expect(sent).toEqual(["typing.start", "typing.start"]);
    vi.advanceTimersByTime(2_999);
    expect(sent).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual(["typing.start", "typing.start", "typing.stop"]);
    s.stop();
    expect(sent).toHaveLength(3);
  });

  test("channel.keystroke sends frames with the cid; sending a message stops typing", async () => {
    vi.useRealTimers();
    const h = await connectedHarness();
    h.http.routes.push({
      method: "POST",
      path: "/channels/messaging/general/messages",
      handler: ({ body }) => ({
        status: 201,
        body: {
          message: {
            ...(body as { message: { id: string; text: string } }).message,
            cid: "messaging:general",
          },
        },
      }),
    });
    const channel = h.client.channel("messaging", "general");
    await channel.watch();
    channel.keystroke();
    channel.keystroke();
    expect(FakeSocket.last.framesOfType("typing.start")).toEqual([
      { type: "typing.start", cid: "messaging:general" },
    ]);
    await channel.sendMessage({ text: "hi" }).catch(() => {});
    await flush();
    expect(FakeSocket.last.framesOfType("typing.stop")).toEqual([
      { type: "typing.stop", cid: "messaging:general" },
    ]);
    await h.client.disconnectUser();
  });

  test("keystrokes in a thread send typing frames naming its parent; a reply stops them", async () => {
    vi.useRealTimers();
    const h = await connectedHarness();
    h.http.routes.push({
      method: "POST",
      path: "/channels/messaging/general/messages",
      handler: ({ body }) => ({
        status: 201,
        body: {
          message: {
            ...(body as { message: { id: string; text: string } }).message,
            cid: "messaging:general",
          },
        },
      }),
    });
    const channel = h.client.channel("messaging", "general");
    await channel.watch();
    channel.keystroke("p1");
    channel.keystroke();
    expect(FakeSocket.last.framesOfType("typing.start")).toEqual([
      { type: "typing.start", cid: "messaging:general", parent_id: "p1" },
      { type: "typing.start", cid: "messaging:general" },
    ]);
    await channel.sendMessage({ text: "in the thread", parent_id: "p1" }).catch(() => {});
    await flush();
    // the thread's typing stops; the channel's goes on
    expect(FakeSocket.last.framesOfType("typing.stop")).toEqual([
      { type: "typing.stop", cid: "messaging:general", parent_id: "p1" },
    ]);
    await h.client.disconnectUser();
  });
});
