import { CloseCode, TOKEN_INVALID_MESSAGE } from "@parley/protocol";
import { afterEach, describe, expect, test, vi } from "vitest";
import { ChatClient, ChatConnectionError, isServerToken, websocketURL } from "../src/index.js";
import { connectedHarness } from "./client-harness.js";
import { autoServer, FakeSocket, FakeWebSocket, fakeFetch, flush, me } from "./fakes.js";

function client(options: Partial<ConstructorParameters<typeof ChatClient>[1]> = {}) {
  return new ChatClient("the-key", {
    baseURL: "https://chat.example.com/",
    WebSocket: FakeWebSocket,
    fetch: fakeFetch().fetch,
    backoffBaseMs: 10,
    backoffCapMs: 20,
    ...options,
  });
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  FakeSocket.reset();
});

describe("connectUser", () => {
  test("without a token it logs the spec's message with console.error and does not connect", async () => {
    FakeSocket.reset();
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const c = client();
    for (const token of [undefined, null, ""]) {
      await expect(c.connectUser({ id: "bob" }, token)).resolves.toBeUndefined();
    }
    expect(error).toHaveBeenCalledTimes(3);
    expect(error).toHaveBeenCalledWith(TOKEN_INVALID_MESSAGE);
    expect(FakeSocket.instances).toHaveLength(0);
    expect(c.userID).toBeUndefined();
  });

  test("opens /chat/connect, sends the auth frame first and resolves with connection.ok's me", async () => {
    FakeSocket.reset();
    autoServer(me("bob", 4));
    const c = client();
    const own = await c.connectUser({ id: "bob" }, "jwt");
    expect(own?.id).toBe("bob");
    expect(c.user?.total_unread_count).toBe(4);
    expect(c.totalUnreadCount).toBe(4);
    expect(c.userID).toBe("bob");
    expect(c.online).toBe(true);
    const socket = FakeSocket.last;
    expect(socket.url).toBe("wss://chat.example.com/chat/connect");
    expect(socket.sent[0]).toEqual({ type: "auth", api_key: "the-key", token: "jwt" });
    await c.disconnectUser();
    expect(c.user).toBeUndefined();
    expect(c.online).toBe(false);
  });

  test("connectUser twice for the same user shares one connection; another user is refused", async () => {
    FakeSocket.reset();
    autoServer(me("bob"));
    const c = client();
    const [x, y] = await Promise.all([
      c.connectUser({ id: "bob" }, "jwt"),
      c.connectUser({ id: "bob" }, "jwt"),
    ]);
    expect(x?.id).toBe("bob");
    expect(y?.id).toBe("bob");
    expect(FakeSocket.instances).toHaveLength(1);
    await expect(c.connectUser({ id: "alice" }, "jwt")).rejects.toThrow(/already connected/);
    await c.disconnectUser();
  });

  test("wsURL overrides the derived origin", () => {
    expect(websocketURL("http://localhost:3000")).toBe("ws://localhost:3000/chat/connect");
    expect(websocketURL("https://a.example", "wss://b.example/")).toBe("wss://b.example/chat/connect");
  });

  test("a server-side token acts for the user: auth carries user_id, REST calls carry user_id", async () => {
    FakeSocket.reset();
    autoServer(me("bob"));
    const http = fakeFetch([
      {
        method: "GET",
        path: "/unread",
        handler: () => ({ body: { total_unread_count: 0, channels: [], threads: [] } }),
      },
    ]);
    const c = client({ fetch: http.fetch });
    const payload = btoa(JSON.stringify({ server: true })).replace(/=+$/, "");
    const token = `eyJhbGciOiJIUzI1NiJ9.${payload}.sig`;
    expect(isServerToken(token)).toBe(true);
    expect(isServerToken("a.b.c")).toBe(false);
    await c.connectUser({ id: "bob" }, token);
    expect(FakeSocket.last.sent[0]).toMatchObject({ type: "auth", user_id: "bob" });
    await c.getUnreadCount();
    expect(http.calls[0]!.url.searchParams.get("user_id")).toBe("bob");
    expect(http.calls[0]!.url.searchParams.get("api_key")).toBe("the-key");
    await c.disconnectUser();
  });

  test("closed with 4001 (auth failed): rejects with the code and never reconnects", async () => {
    FakeSocket.reset();
    FakeSocket.onCreate = (socket) => {
      socket.onSend = (frame) => {
        if (frame.type === "auth") {
          socket.receive({ type: "error", code: "token_invalid", message: "bad token" });
          socket.serverClose(CloseCode.unauthorized, "token_invalid");
        }
      };
      queueMicrotask(() => socket.open());
    };
    const c = client();
    const error = await c.connectUser({ id: "bob" }, "bad").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChatConnectionError);
    expect((error as ChatConnectionError).code).toBe(4001);
    expect((error as ChatConnectionError).serverCode).toBe("token_invalid");
    expect((error as ChatConnectionError).fatal).toBe(true);
    await new Promise((r) => setTimeout(r, 50));
    expect(FakeSocket.instances).toHaveLength(1);
    expect(c.userID).toBeUndefined();
    expect(c.online).toBe(false);
  });
});

describe("staying connected", () => {
  test("a drop reconnects: connection.changed false → true, re-auth, then connection.recovered", async () => {
    const h = await connectedHarness();
    const events: string[] = [];
    h.client.on("all", (e) => {
      if (e.type === "connection.changed") events.push(`changed:${e.online}`);
      else if (e.type === "connection.recovered") events.push("recovered");
    });
    FakeSocket.last.serverClose(1006);
    expect(h.client.online).toBe(false);
    await new Promise((r) => setTimeout(r, 60));
    expect(FakeSocket.instances).toHaveLength(2);
    expect(FakeSocket.last.sent[0]).toMatchObject({ type: "auth", token: "token" });
    expect(events).toEqual(["changed:false", "changed:true", "recovered"]);
    await h.client.disconnectUser();
  });

  for (const code of [CloseCode.unauthorized, CloseCode.sessionRevoked, CloseCode.banned]) {
    test(`close code ${code}: no reconnect; connection.changed {online:false} and connection.error with the code`, async () => {
      const h = await connectedHarness();
      const seen: unknown[] = [];
      h.client.on("connection.changed", (e) => seen.push(e));
      h.client.on("connection.error", (e) => seen.push(e));
      FakeSocket.last.serverClose(code, "bye");
      await new Promise((r) => setTimeout(r, 60));
      expect(FakeSocket.instances).toHaveLength(1);
      expect(seen).toEqual([
        { type: "connection.changed", online: false },
        { type: "connection.error", code, message: "bye" },
      ]);
      await h.client.disconnectUser();
    });
  }

  test("1001 (server going away): reconnects after a full-jitter delay", async () => {
    vi.useFakeTimers();
    FakeSocket.reset();
    autoServer(me("bob"));
    const c = client({ backoffBaseMs: 1_000, backoffCapMs: 30_000, random: () => 0.5 });
    const connecting = c.connectUser({ id: "bob" }, "jwt");
    await vi.advanceTimersByTimeAsync(0);
    await connecting;
    FakeSocket.last.serverClose(CloseCode.goingAway, "restarting");
    await vi.advanceTimersByTimeAsync(499);
    expect(FakeSocket.instances).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.instances).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(0);
    expect(c.online).toBe(true);
    await c.disconnectUser();
  });

  test("health.check every 25 s; nothing heard for two intervals drops the socket and reconnects", async () => {
    vi.useFakeTimers();
    FakeSocket.reset();
    autoServer(me("bob"));
    const c = client({ random: () => 0 });
    const connecting = c.connectUser({ id: "bob" }, "jwt");
    await vi.advanceTimersByTimeAsync(0);
    await connecting;
    const first = FakeSocket.last;
    await vi.advanceTimersByTimeAsync(25_000);
    expect(first.framesOfType("health.check")).toHaveLength(1);
    // the server answers: still alive
    first.receive({ type: "health.check", connection_id: "c1" });
    await vi.advanceTimersByTimeAsync(25_000);
    expect(first.framesOfType("health.check")).toHaveLength(2);
    expect(first.terminated).toBe(false);
    // silence for two intervals
    await vi.advanceTimersByTimeAsync(25_000);
    expect(first.terminated).toBe(true);
    await vi.advanceTimersByTimeAsync(10);
    expect(FakeSocket.instances).toHaveLength(2);
    expect(c.online).toBe(true);
    await c.disconnectUser();
  });

  test("disconnectUser closes the socket and stops reconnecting", async () => {
    const h = await connectedHarness();
    const socket = FakeSocket.last;
    await h.client.disconnectUser();
    expect(socket.closedWith?.code).toBe(1000);
    await flush();
    await new Promise((r) => setTimeout(r, 40));
    expect(FakeSocket.instances).toHaveLength(1);
  });
});
