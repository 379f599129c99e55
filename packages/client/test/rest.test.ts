import { describe, expect, test } from "vitest";
import { ChatApiError, ChatNetworkError } from "../src/index.js";
import { message, fakeRest as rest } from "./fakes.js";

describe("REST", () => {
  test("Bearer token, api_key parameter, JSON body, encoded path segments", async () => {
    const { http, client } = rest([
      {
        method: "POST",
        path: "/channels/team/a!b/messages",
        handler: () => ({ status: 201, body: { message: message("x", "bob", 1) } }),
      },
    ]);
    await client.sendMessage("team", "a!b", { id: "x", text: "hi" });
    const call = http.calls[0]!;
    expect(call.url.origin + call.url.pathname).toBe("http://chat.test/chat/channels/team/a!b/messages");
    expect(call.url.searchParams.get("api_key")).toBe("k");
    expect(call.headers.Authorization).toBe("Bearer tok");
    expect(call.headers["Content-Type"]).toBe("application/json");
    expect(call.body).toEqual({ message: { id: "x", text: "hi" } });
  });

  test("error answers become ChatApiError { status, code, message, fields }", async () => {
    const { client } = rest([
      {
        method: "POST",
        path: "/channels/messaging/x/messages",
        handler: () => ({
          status: 400,
          body: {
            error: { code: "validation", message: "text is empty", fields: { "message.text": "empty" } },
          },
        }),
      },
    ]);
    const error = (await client
      .sendMessage("messaging", "x", { text: "" })
      .catch((e: unknown) => e)) as ChatApiError;
    expect(error).toBeInstanceOf(ChatApiError);
    expect([error.status, error.code, error.message, error.fields]).toEqual([
      400,
      "validation",
      "text is empty",
      { "message.text": "empty" },
    ]);
    expect(error.retryable).toBe(false);
  });

  test("query parameters of GET endpoints", async () => {
    const { http, client } = rest([
      { method: "GET", path: "/channels/messaging/x/messages", handler: () => ({ body: { messages: [] } }) },
      { method: "GET", path: "/users", handler: () => ({ body: { users: [] } }) },
    ]);
    await client.getMessages("messaging", "x", { limit: 10, id_lt: "m5" });
    await client.queryUsers({ q: "al", limit: 5 });
    const params = (i: number) => {
      const out: Record<string, string> = {};
      http.calls[i]!.url.searchParams.forEach((v, k) => {
        out[k] = v;
      });
      return out;
    };
    expect(params(0)).toEqual({ api_key: "k", limit: "10", id_lt: "m5" });
    expect(params(1)).toEqual({ api_key: "k", q: "al", limit: "5" });
  });

  test("no timeout by default; a given timeout aborts with a ChatNetworkError", async () => {
    const unread = { total_unread_count: 0, channels: [], threads: [] };
    const slow = () =>
      new Promise<{ body: unknown }>((resolve) => setTimeout(() => resolve({ body: unread }), 60));
    const { client } = rest([{ method: "GET", path: "/unread", handler: slow }]);
    await expect(client.getUnreadCount()).resolves.toEqual(unread);
    const error = (await client.getUnreadCount({ timeout: 10 }).catch((e: unknown) => e)) as ChatNetworkError;
    expect(error).toBeInstanceOf(ChatNetworkError);
    expect(error.code).toBe("timeout");
    expect(error.retryable).toBe(true);
  });
});
