import { TOKEN_INVALID_MESSAGE } from "@parley/protocol";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  connectClient,
  connectSession,
  disconnectSession,
  SessionInvalidError,
} from "../src/session/connect";
import { FakeStorage } from "./fake-storage";

function json(status: number, payload: unknown): Response {
  return new Response(JSON.stringify(payload), { status, headers: { "Content-Type": "application/json" } });
}

type Behaviour = { ok: { id: string; name: string } } | { close: number; code?: string };

/** A WebSocket standing in for the server: answers the auth frame, or closes with a code. */
class FakeSocket {
  static behaviour: Behaviour = { ok: { id: "ada", name: "Ada" } };
  static instances: FakeSocket[] = [];
  readyState = 0;
  sent: { type: string; token?: string; api_key?: string }[] = [];
  onopen: ((e: unknown) => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number; reason: string }) => void) | null = null;
  onerror: ((e: unknown) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
    queueMicrotask(() => {
      this.readyState = 1;
      this.onopen?.({});
    });
  }
  send(data: string): void {
    const frame = JSON.parse(data) as { type: string };
    this.sent.push(frame);
    if (frame.type !== "auth") return;
    const b = FakeSocket.behaviour;
    queueMicrotask(() => {
      if ("ok" in b) {
        const me = {
          ...b.ok,
          image: "",
          role: "user",
          online: true,
          last_active: null,
          created_at: "",
          total_unread_count: 0,
          unread_channels: 0,
          mutes: [],
        };
        this.onmessage?.({ data: JSON.stringify({ type: "connection.ok", connection_id: "c1", me }) });
      } else {
        if (b.code)
          this.onmessage?.({ data: JSON.stringify({ type: "error", code: b.code, message: "no" }) });
        this.readyState = 3;
        this.onclose?.({ code: b.close, reason: "" });
      }
    });
  }
  close(): void {
    this.readyState = 3;
  }
}

let session: FakeStorage;
let local: FakeStorage;
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  session = new FakeStorage();
  local = new FakeStorage();
  FakeSocket.instances = [];
  FakeSocket.behaviour = { ok: { id: "ada", name: "Ada" } };
  vi.stubGlobal("sessionStorage", session);
  vi.stubGlobal("localStorage", local);
  vi.stubGlobal("window", { location: { origin: "http://parley.test" }, WebSocket: FakeSocket });
  fetchMock = vi.fn(async (input: string | URL | Request) =>
    String(input) === "/api/config"
      ? json(200, {
          apiKey: "key1",
          signupMode: "open",
          passwordResetByEmail: false,
          sso: null,
          localPasswords: true,
        })
      : json(404, {}),
  );
  vi.stubGlobal("fetch", fetchMock);
  disconnectSession();
});

afterEach(() => {
  disconnectSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("connectSession (the SDK's ChatClient.connectUser)", () => {
  it("connects a stored session over the WebSocket with the api key and token, once", async () => {
    session.setItem("token", "jwt1");
    local.setItem("uid", "ada");
    const [a, b] = await Promise.all([connectSession(), connectSession()]);
    expect(a).toEqual({ id: "ada", name: "Ada", image: "" });
    expect(b).toBe(a);
    expect(await connectSession()).toBe(a);
    expect(FakeSocket.instances).toHaveLength(1);
    expect(FakeSocket.instances[0]!.url).toBe("ws://parley.test/chat/connect");
    expect(FakeSocket.instances[0]!.sent[0]).toMatchObject({ type: "auth", api_key: "key1", token: "jwt1" });
    const { client } = await connectClient();
    expect(client.userID).toBe("ada");
    expect(client.online).toBe(true);
  });

  it("on close code 4001 logs the spec's message, clears storage and rejects", async () => {
    session.setItem("token", "expired");
    session.setItem("user_token", "t");
    local.setItem("uid", "ada");
    FakeSocket.behaviour = { close: 4001, code: "token_expired" };
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    await expect(connectSession()).rejects.toBeInstanceOf(SessionInvalidError);
    expect(log).toHaveBeenCalledWith(TOKEN_INVALID_MESSAGE);
    expect(session.length).toBe(0);
    expect(local.length).toBe(0);
  });

  it("without a token logs the spec's message and rejects without connecting", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    await expect(connectSession()).rejects.toBeInstanceOf(SessionInvalidError);
    expect(log).toHaveBeenCalledWith(TOKEN_INVALID_MESSAGE);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(FakeSocket.instances).toHaveLength(0);
  });

  it("a token of another user is invalid", async () => {
    session.setItem("token", "jwt1");
    local.setItem("uid", "someone-else");
    vi.spyOn(console, "error").mockImplementation(() => {});
    await expect(connectSession()).rejects.toBeInstanceOf(SessionInvalidError);
    expect(local.length).toBe(0);
  });

  it("keeps the session when the configuration cannot be loaded", async () => {
    session.setItem("token", "jwt1");
    local.setItem("uid", "ada");
    fetchMock.mockImplementation(async () => json(503, { error: { code: "unavailable", message: "down" } }));
    vi.resetModules(); // the configuration is fetched once per page: start from a fresh page
    const fresh = await import("../src/session/connect");
    await expect(fresh.connectSession()).rejects.toThrow(/HTTP 503/);
    expect(session.getItem("token")).toBe("jwt1");
  });
});
