import { describe, expect, test } from "vitest";
import { ChatAnswerError, ParleyAccounts, RestClient } from "../src/index.js";
import { fakeFetch, fakeRest, message } from "./fakes.js";

function query(url: URL): Record<string, string> {
  const out: Record<string, string> = {};
  url.searchParams.forEach((value, key) => {
    out[key] = value;
  });
  return out;
}
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (e: unknown) => e,
  );

describe("a call of the route table", () => {
  test("its path from the table, parameters encoded, the query without undefined, the credentials", async () => {
    const { http, client: rest } = fakeRest([
      { method: "GET", path: "/messages/a%2Fb/replies", handler: () => ({ body: { messages: [] } }) },
    ]);
    await rest.call("getReplies", { params: { id: "a/b" }, query: { limit: 5, id_lt: undefined } });
    const call = http.calls[0]!;
    expect(call.url.pathname).toBe("/chat/messages/a%2Fb/replies");
    expect(query(call.url)).toEqual({ api_key: "k", limit: "5" });
    expect(call.headers.Authorization).toBe("Bearer tok");
  });

  test("a POST without a body sends {}, a DELETE sends none", async () => {
    const { http, client: rest } = fakeRest([
      { method: "POST", path: "/channels/team/t1/hide", handler: () => ({ body: {} }) },
      {
        method: "DELETE",
        path: "/messages/m1",
        handler: () => ({ body: { message: message("m1", "bob", 1) } }),
      },
    ]);
    await rest.hideChannel("team", "t1");
    await rest.deleteMessage("m1");
    expect(http.calls.map((c) => c.body)).toEqual([{}, undefined]);
  });

  test("answers are checked in tests: one breaking its schema is a ChatAnswerError naming the field", async () => {
    const broken = { messages: [{ ...message("m1", "bob", 1), seq: "one" }] };
    const { client: rest } = fakeRest([
      { method: "GET", path: "/messages/p/replies", handler: () => ({ body: broken }) },
    ]);
    expect(rest.validatesAnswers).toBe(true);
    const error = (await failure(rest.getReplies("p"))) as ChatAnswerError;
    expect(error).toBeInstanceOf(ChatAnswerError);
    expect([error.route, error.status]).toEqual(["getReplies", 200]);
    expect(error.issues).toEqual(["messages.0.seq: Invalid input: expected number, received string"]);
  });

  test("a status the route does not declare is refused too", async () => {
    const answer = { body: { message: message("m1", "bob", 1) }, status: 202 };
    const { client: rest } = fakeRest([
      { method: "POST", path: "/channels/team/t1/messages", handler: () => answer },
    ]);
    const error = (await failure(rest.sendMessage("team", "t1", { text: "hi" }))) as ChatAnswerError;
    expect(error.issues).toEqual(["the route answers 200, 201, not 202"]);
  });

  test("validateAnswers: false passes answers through unchecked", async () => {
    const { client: rest } = fakeRest(
      [{ method: "GET", path: "/unread", handler: () => ({ body: { odd: 1 } }) }],
      {
        validateAnswers: false,
      },
    );
    expect(rest.validatesAnswers).toBe(false);
    await expect(rest.getUnreadCount()).resolves.toEqual({ odd: 1 });
  });

  test("a body that is no JSON is a ChatAnswerError, checked or not; bytes come as a Blob", async () => {
    const urls: string[] = [];
    const rest = new RestClient({
      baseURL: "http://chat.test",
      apiKey: "k",
      getToken: () => "tok",
      validateAnswers: false,
      fetch: async (url) => {
        urls.push(new URL(url).pathname);
        return new Response(url.includes("/uploads/") ? new Uint8Array([1, 2, 3]) : "<html>");
      },
    });
    const error = await failure(rest.getUnreadCount());
    expect(String(error)).toMatch(/^ChatAnswerError: unread answered 200 .*no JSON/);
    expect((await rest.call("getFile", { params: { id: "f1" } })).size).toBe(3);
    expect(urls).toEqual(["/chat/unread", "/chat/uploads/f1"]);
  });
});

describe("ParleyAccounts: the product API", () => {
  const auth = { streamToken: "s", token: "t", user: { id: "ada", displayName: "Ada", profilePicture: "" } };

  test("sign-in and the configuration carry no api key; the profile carries the session token", async () => {
    let keepalive: boolean | undefined;
    const http = fakeFetch([
      {
        method: "POST",
        path: "/api/auth",
        handler: ({ body, init }) => {
          keepalive = init.keepalive;
          return (body as { action: string }).action === "signout" ? { status: 204 } : { body: auth };
        },
      },
      {
        method: "GET",
        path: "/api/config",
        handler: () => ({
          body: {
            apiKey: "key1",
            signupMode: "open",
            passwordResetByEmail: false,
            sso: null,
            localPasswords: true,
          },
        }),
      },
      { method: "PATCH", path: "/api/profile", handler: () => ({ body: { user: auth.user } }) },
    ]);
    const accounts = new ParleyAccounts({
      baseURL: "http://chat.test/",
      fetch: http.fetch,
      sessionToken: () => "t",
    });
    expect(await accounts.signIn({ username: "ada", password: "pw" })).toEqual(auth);
    expect(await accounts.config()).toEqual({
      apiKey: "key1",
      signupMode: "open",
      passwordResetByEmail: false,
      sso: null,
      localPasswords: true,
    });
    expect(await accounts.updateProfile({ displayName: "Ada L." })).toEqual({ user: auth.user });
    await expect(accounts.signOut("t", { keepalive: true })).resolves.toBeUndefined();
    expect(keepalive).toBe(true);
    expect(http.calls.map((c) => [c.method, c.url.href, c.headers.Authorization])).toEqual([
      ["POST", "http://chat.test/api/auth", undefined],
      ["GET", "http://chat.test/api/config", undefined],
      ["PATCH", "http://chat.test/api/profile", "Bearer t"],
      ["POST", "http://chat.test/api/auth", undefined],
    ]);
    expect(http.calls[0]!.body).toEqual({ action: "signin", username: "ada", password: "pw" });
  });
});
